import { z } from "zod";
import { nextCursor, timestamp } from "../../api-contract/shapes";
import { jsonObject } from "./common";

/*
 * Response shapes of the workflow (runtime) routes, for the OpenAPI document. response-types.test.ts keeps
 * them in step with the types the handlers answer with (`RuntimeView`, `HistoryEntry` in lib/runtime).
 */

const reviewVoteSchema = z.object({
  userId: z.uuid(),
  name: z.string().describe("The voter's display name (first and last name, else e-mail)."),
  reason: z.string().nullable(),
  at: timestamp,
});

const stateReviewSchema = z
  .object({
    state: z.string(),
    required: z.object({ approvals: z.int(), rejections: z.int() }).describe("Distinct people whose approvals (rejections) decide the case."),
    teams: z.array(z.string()).describe("Teams whose members may vote; empty: any reviewer or admin."),
    allowSelfApproval: z.boolean(),
    approvals: z.array(reviewVoteSchema).describe("Approvals cast in this visit of the state, oldest first."),
    rejections: z.array(reviewVoteSchema),
  })
  .describe("The four-eyes rule of the current state (`meta.review`) and the votes cast since the case entered it.");

export const runtimeResponseSchema = z.object({
  id: z.uuid(),
  workflowDefinitionId: z.string(),
  workflowDefinitionVersion: z.int(),
  serviceEntityId: z.uuid().nullable().describe("The service's id of the business or end user."),
  entityType: z.enum(["business", "individual"]).nullable(),
  state: z.string().describe("The current state of the definition's statechart."),
  status: z.enum(["active", "completed", "failed", "canceled"]),
  tags: z.array(z.string()).describe("The current state's tags, e.g. `manual_review`."),
  context: jsonObject().describe("The workflow context: entity, documents, pluginsOutput and workflow-specific keys."),
  nextEvents: z.array(z.string()).describe("The events the current state accepts (none once the runtime is not active)."),
  version: z.int().describe("Increases with every change; sent as the `ETag` and accepted in `If-Match`."),
  manualReviewReason: z.string().nullable(),
  workflowFinalState: z.enum(["approved", "rejected", "auto_approved", "auto_rejected"]).nullable(),
  assigneeId: z.uuid().nullable(),
  assignedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  resolvedAt: timestamp.nullable(),
  dueAt: timestamp.nullable().describe("The review deadline of the current state (its `meta.sla.due` after entering it); null when it has none."),
  review: stateReviewSchema.nullable().describe("Null when the current state has no `meta.review`."),
});

export const runtimePageSchema = z.object({ data: z.array(runtimeResponseSchema).describe("Newest first."), nextCursor });

export const historyEntrySchema = z.object({
  id: z.int(),
  kind: z.string().describe("created, transition (a move: eventName `move`, payload `{ forced, reason }`), event_ignored, plugin_call, cond_error, decision, assignment, webhook, context_update (payload `{ pointers }` for a context patch), cancel (payload `{ reason }`), job_retried, or sla_warning / sla_breached (payload `{ timer, dueAt }`); a delayed transition is a transition whose eventName is `after <delay>` and payload `{ timer }`."),
  eventName: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  actor: z.object({ type: z.string().describe("api_key, reviewer or system."), id: z.string().nullable() }),
  payload: z.unknown().describe("Depends on `kind`; plugin calls show requests with secret references, never their values."),
  at: timestamp,
});

export const historyPageSchema = z.object({ data: z.array(historyEntrySchema).describe("Oldest first."), nextCursor });
