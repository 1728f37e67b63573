import { integer, json, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, projectRef } from "./columns";

type Json = Record<string, unknown>;

/**
 * Versioned workflow definitions; rows are immutable, a change is a new version. The documents are stored as
 * `json`, not `jsonb`, so they come back exactly as written: key order matters to authors (state order,
 * form field order of `properties` in the input schema).
 */
export const workflowDefinitions = pgTable(
  "workflow_definitions",
  {
    projectId: projectRef(),
    id: text("id").notNull(),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    definitionType: text("definition_type").notNull().default("statechart-json"),
    definition: json("definition").$type<Json>().notNull(),
    extensions: json("extensions").$type<Json>().notNull().default({}),
    config: json("config").$type<Json>().notNull().default({}),
    contextSchema: json("context_schema").$type<Json>(),
    documentsSchema: json("documents_schema").$type<Json>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "workflow_definitions_pkey", columns: [t.projectId, t.id, t.version] })],
);

export type WorkflowDefinition = typeof workflowDefinitions.$inferSelect;
export type NewWorkflowDefinition = typeof workflowDefinitions.$inferInsert;
