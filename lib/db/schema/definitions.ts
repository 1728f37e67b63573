import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { projects } from "./projects";

type Json = Record<string, unknown>;

/** Versioned workflow definitions; rows are immutable, a change is a new version. */
export const workflowDefinitions = pgTable(
  "workflow_definitions",
  {
    projectId: text("project_id").notNull().references(() => projects.id),
    id: text("id").notNull(),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    definitionType: text("definition_type").notNull().default("statechart-json"),
    definition: jsonb("definition").$type<Json>().notNull(),
    extensions: jsonb("extensions").$type<Json>().notNull().default({}),
    config: jsonb("config").$type<Json>().notNull().default({}),
    contextSchema: jsonb("context_schema").$type<Json>(),
    documentsSchema: jsonb("documents_schema").$type<Json>(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ name: "workflow_definitions_pkey", columns: [t.projectId, t.id, t.version] })],
);

export type WorkflowDefinition = typeof workflowDefinitions.$inferSelect;
export type NewWorkflowDefinition = typeof workflowDefinitions.$inferInsert;
