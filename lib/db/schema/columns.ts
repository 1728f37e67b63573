import { text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects } from "./projects";

/*
 * The column definitions most tables share. Each builder produces exactly the definition it stands for, so the
 * migrations in drizzle/ stay as they are (`drizzle-kit generate` finds no change).
 */

/** `timestamptz`, nullable unless chained: `timestamptz("resolved_at")`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamptz("created_at").defaultNow().notNull();

/** `created_at` and `updated_at`, both `timestamptz not null default now()`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: timestamptz("updated_at").defaultNow().notNull() });

/** `project_id text not null references projects(id)`: the tenant every query is scoped by. */
export const projectRef = () => text("project_id").notNull().references(() => projects.id);

/** The key and tenant of a row a project owns: `id uuid primary key default gen_random_uuid()`, then `project_id`. */
export const projectRow = () => ({ id: uuid("id").primaryKey().defaultRandom(), projectId: projectRef() });
