import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, projectRef, projectRow, timestamps } from "./columns";
import { users } from "./users";

/** A group of backoffice users (e.g. "senior"): queues can be restricted to teams, review states can require them. */
export const teams = pgTable(
  "teams",
  {
    ...projectRow(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("teams_project_name_key").on(t.projectId, sql`lower(${t.name})`)],
);

/** Membership of a user in a team; a user belongs to zero or more teams of their project. */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id").notNull().references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    projectId: projectRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_members_user_idx").on(t.projectId, t.userId)],
);

export type Team = typeof teams.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
