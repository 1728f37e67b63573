import { sql } from "drizzle-orm";
import { check, index, json, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, projectRow } from "./columns";

/**
 * A backoffice queue: a stored query over cases (`where` + `select`), compiled to parameterised SQL on use.
 * `query` is `json`, not `jsonb`, so the API returns it with its keys in the order they were written.
 */
export const filters = pgTable(
  "filters",
  {
    ...projectRow(),
    name: text("name").notNull(),
    entity: text("entity").$type<"businesses" | "individuals">().notNull(),
    query: json("query").$type<{ where?: Record<string, unknown>; select?: Record<string, unknown> }>().notNull(),
    /** Teams allowed to see the queue and open its cases; empty: every reviewer. */
    teamIds: uuid("team_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** Automatic assignment when a case enters one of the queue's review states: `manual` (none), `round_robin`, `least_loaded`. */
    assignment: text("assignment").$type<"manual" | "round_robin" | "least_loaded">().notNull().default("manual"),
    /** Round robin's position: the member assigned last. */
    lastAssigneeId: uuid("last_assignee_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("filters_project_idx").on(t.projectId, t.createdAt),
    check("filters_assignment_check", sql`${t.assignment} in ('manual', 'round_robin', 'least_loaded')`),
  ],
);

export type Filter = typeof filters.$inferSelect;
export type NewFilter = typeof filters.$inferInsert;
