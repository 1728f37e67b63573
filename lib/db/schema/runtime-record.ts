import { bigint, text, uuid } from "drizzle-orm/pg-core";
import { workflowRuntimes } from "./runtimes";

/** `runtime_id uuid not null references workflow_runtimes(id)`: the runtime a row is about. */
export const runtimeRef = () => uuid("runtime_id").notNull().references(() => workflowRuntimes.id);

/**
 * The first columns of a row of a runtime's append-only record (its history, its documents' old versions): a
 * sequence of its own (`bigint generated always as identity`), then the project and the runtime.
 */
export const runtimeRecordRow = () => ({
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: text("project_id").notNull(),
  runtimeId: runtimeRef(),
});
