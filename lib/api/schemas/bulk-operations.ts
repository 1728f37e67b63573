import { z } from "zod";
import { describes, timestamp } from "../../api-contract/shapes";
import type { BulkOperationView } from "../../bulk";
import { jsonObject } from "./common";

/*
 * Bodies and answer of the bulk operations: `POST /filters/{filterId}/bulk` (the cases a filter matches) and
 * `POST /bulk-operations` (a selection of runtime ids), both answered 202 with the operation to follow.
 */

const ACTIONS_HELP = "action must be one of: send-event, assign, cancel";

const sendEvent = {
  action: z.literal("send-event"),
  name: z.string().min(1).max(200).describe("The event sent to each case, e.g. `approve`."),
  payload: jsonObject().optional().describe("Event data, the same for every case."),
};
const assign = {
  action: z.literal("assign"),
  userId: z.uuid().nullable().describe("The assignee: an active admin or reviewer of the project; null unassigns."),
  reason: z.string().trim().min(1).max(2000).optional().describe("Why cases change hands: needed for each case that leaves the person holding it (422 for that case without one)."),
};
const cancel = {
  action: z.literal("cancel"),
  reason: z.string().trim().min(1).max(1000).describe("Why the cases are canceled (1 to 1000 characters), recorded in each case's history."),
};

/** An unknown or missing `action` is one error at `/action` listing the actions. */
const actionsOnly = { error: (issue: { code?: string }) => (issue.code === "invalid_union" ? ACTIONS_HELP : undefined) };

/** Body of `POST /filters/{filterId}/bulk`: the action, applied to every case the filter matches now. */
export const bulkActionRequestSchema = z.discriminatedUnion(
  "action",
  [z.strictObject(sendEvent), z.strictObject(assign), z.strictObject(cancel)],
  actionsOnly,
);

const runtimeIds = z.array(z.uuid()).min(1).max(10_000).describe("The cases (runtime ids), 1 to 10,000; repeated ids count once. An id that is no case of the project fails as that case's 404.");

/** Body of `POST /bulk-operations`: the action and the selected cases. */
export const bulkSelectionRequestSchema = z.discriminatedUnion(
  "action",
  [z.strictObject({ ...sendEvent, runtimeIds }), z.strictObject({ ...assign, runtimeIds }), z.strictObject({ ...cancel, runtimeIds })],
  actionsOnly,
);

/** The queue page's view, for "all N matching": its quick filters and search (as in the page's URL). */
const queueView = z.strictObject({
  q: z.string().trim().max(200).optional(),
  assignee: z.union([z.enum(["me", "unassigned"]), z.uuid()]).optional(),
  state: z.string().trim().max(200).optional(),
  status: z.enum(["active", "completed", "failed", "canceled"]).optional(),
  due: z.literal("overdue").optional(),
});
const backofficeCases = {
  runtimeIds: z.array(z.uuid()).min(1).max(500).optional().describe("The cases selected on the page."),
  matching: queueView.optional().describe("Every case the queue shows with these quick filters and search, on all its pages."),
};

/** Body of `POST /api/backoffice/queues/{filterId}/bulk`: the action, and either the selected cases or `matching`. */
export const backofficeBulkRequestSchema = z
  .discriminatedUnion(
    "action",
    [z.strictObject({ ...sendEvent, ...backofficeCases }), z.strictObject({ ...assign, ...backofficeCases }), z.strictObject({ ...cancel, ...backofficeCases })],
    actionsOnly,
  )
  .refine((body) => (body.runtimeIds === undefined) !== (body.matching === undefined), { path: ["runtimeIds"], message: "send either runtimeIds (the selected cases) or matching (all the queue's cases), not both" });

const problem = z.object({
  status: z.int(),
  code: z.string(),
  title: z.string(),
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const bulkOperationSchema = describes<BulkOperationView>()(
  z.object({
    id: z.uuid().describe("Follow it at `GET /bulk-operations/{id}` (the `Location` header)."),
    status: z.enum(["queued", "running", "completed", "canceled"]),
    action: bulkActionRequestSchema,
    filterId: z.uuid().nullable().describe("The filter whose matching cases it covers; null for a selection."),
    total: z.int().describe("Cases it covers, fixed when it was created."),
    succeeded: z.int(),
    failed: z.int(),
    skipped: z.int().describe("Cases left untouched because it was canceled first."),
    pending: z.int().describe("Cases still to do; 0 once completed or canceled."),
    failures: z.array(z.object({ runtimeId: z.uuid(), problem })).describe("The first 100 failed cases, each with the problem its single action would have answered."),
    createdBy: z.object({ type: z.enum(["user", "api_key"]), id: z.string().nullable() }),
    createdAt: timestamp,
    updatedAt: timestamp,
    finishedAt: timestamp.nullable(),
  }),
);

export type BulkActionRequest = z.output<typeof bulkActionRequestSchema>;
export type BulkSelectionRequest = z.output<typeof bulkSelectionRequestSchema>;
export type BackofficeBulkRequest = z.output<typeof backofficeBulkRequestSchema>;
