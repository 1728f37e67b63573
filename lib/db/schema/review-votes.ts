import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, projectRow } from "./columns";
import { users } from "./users";
import { runtimeRef } from "./runtime-record";

/**
 * A reviewer's vote on a four-eyes state (`meta.review`). Votes count towards the decision of one visit of the
 * state: `stateEnteredVersion` is the runtime version at which the state was entered, so votes from an earlier
 * visit (the case went back to revision and returned) never count again. One vote per person per visit.
 */
export const reviewVotes = pgTable(
  "review_votes",
  {
    ...projectRow(),
    runtimeId: runtimeRef(),
    state: text("state").notNull(),
    stateEnteredVersion: integer("state_entered_version").notNull(),
    userId: uuid("user_id").notNull().references(() => users.id),
    vote: text("vote").$type<"approve" | "reject">().notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    check("review_votes_vote_check", sql`${t.vote} in ('approve', 'reject')`),
    uniqueIndex("review_votes_visit_user_key").on(t.runtimeId, t.state, t.stateEnteredVersion, t.userId),
    index("review_votes_project_runtime_idx").on(t.projectId, t.runtimeId),
  ],
);

export type ReviewVote = typeof reviewVotes.$inferSelect;
