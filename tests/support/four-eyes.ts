import { and, asc, eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";
import type { Db } from "@/lib/db/client";
import { auditEvents, reviewVotes, runtimeHistory, teamMembers, teams, users } from "@/lib/db/schema";
import type { ReviewRule } from "@/lib/engine";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import type { Actor } from "@/lib/runtime/types";
import { seedDefinition } from "./seed";

/**
 * A definition of the worked example whose `start` goes straight to `manual_review`, which carries `review`
 * (`meta.review`), and whose revision comes back to it on `data_updated` (no vendor call anywhere).
 */
export async function seedFourEyesDefinition(db: Db, projectId: string, id: string, review: Partial<ReviewRule>): Promise<void> {
  await seedDefinition(db, projectId, {
    id,
    edit: (d) => {
      const states = d.definition.states as Record<string, { on?: Record<string, unknown>; meta?: Record<string, unknown> }>;
      states.idle.on = { start: "manual_review" };
      states.manual_review.meta = { review };
      states.revision.on = { data_updated: "manual_review" };
    },
  });
}

/** A backoffice user of the project as the session hands it to domain functions. */
export async function seedUser(db: Db, projectId: string, firstName: string, role: "admin" | "reviewer" | "auditor" = "reviewer"): Promise<SessionUser> {
  const email = `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@four-eyes.test`;
  const [row] = await db.insert(users).values({ projectId, email, role, passwordHash: "x", firstName, lastName: "Tester" }).returning();
  return { id: row.id, email, name: `${firstName} Tester`, role, projectId };
}

/** A team with members, written directly (the teams API is tested on its own). */
export async function seedTeam(db: Db, projectId: string, name: string, members: { id: string }[]): Promise<void> {
  const [team] = await db.insert(teams).values({ projectId, name }).returning();
  if (members.length) await db.insert(teamMembers).values(members.map((m) => ({ teamId: team.id, userId: m.id, projectId })));
}

/** A case of `workflowId` in `manual_review`, created by `actor` (a reviewer's Add Case, or an API key). */
export async function reviewCase(db: Db, projectId: string, workflowId: string, actor: Actor = { type: "api_key", id: "test" }, config?: Record<string, unknown>) {
  const run = await startRun(db, { projectId, workflowId, context: { entity: { id: `e-${Math.random()}`, type: "business", data: { companyName: "Acme" } }, documents: [] }, config, actor });
  return sendEvent(db, { projectId, runtimeId: run.workflowRuntimeId, name: "start", origin: actor.type === "api_key" ? "api" : "reviewer", actor });
}

/** Everything a refused vote must leave as it was: votes, history, audit rows of the runtime. */
export async function storedTrail(db: Db, runtimeId: string) {
  const [votes, history, audit] = await Promise.all([
    db.select().from(reviewVotes).where(eq(reviewVotes.runtimeId, runtimeId)).orderBy(asc(reviewVotes.createdAt)),
    db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, runtimeId)).orderBy(asc(runtimeHistory.id)),
    db.select().from(auditEvents).where(and(eq(auditEvents.targetType, "runtime"), eq(auditEvents.targetId, runtimeId))).orderBy(asc(auditEvents.id)),
  ]);
  return { votes, history, audit };
}
