import { z } from "zod";

/** The case version the reviewer's page showed; every change carries it (stale pages get 412). */
const version = z.number().int().min(1).describe("the case version the page showed");

/** Body of `POST /api/backoffice/cases/{runtimeId}/decision`. */
export const decisionRequestSchema = z.strictObject({
  event: z.string().trim().min(1).max(200),
  reason: z.string().max(4000).nullish(),
  /** With a revision request: the documents sent back, each with its reason. */
  documents: z.array(z.strictObject({ documentId: z.string().min(1).max(200), reason: z.string().max(4000) })).max(100).optional(),
  version,
});

/** Body of `POST /api/backoffice/cases/{runtimeId}/document-decision`. */
export const documentDecisionRequestSchema = z.strictObject({
  documentId: z.string().min(1).max(200),
  status: z.enum(["approved", "rejected", "revision"]),
  reason: z.string().max(4000).nullish(),
  version,
});

/** Body of `POST /api/backoffice/cases/{runtimeId}/assignment`; `assigneeId: null` unassigns; `reason` when the case leaves its assignee. */
export const assignmentRequestSchema = z.strictObject({
  assigneeId: z.string().max(64).nullable(),
  reason: z.string().max(2000).nullish(),
  version,
});

/** Body of `POST /api/backoffice/queues/{filterId}/cases`: the Add Case form's values. */
export const createRuntimeRequestSchema = z.strictObject({
  values: z.record(z.string(), z.unknown()),
});

/** Body of `POST /api/backoffice/cases/{runtimeId}/notes`. */
export const noteRequestSchema = z.strictObject({
  text: z.string().max(40_000),
});

/** Body of `POST /api/backoffice/cases/{runtimeId}/context`: a JSON Merge Patch of the context (Edit case data). */
export const contextPatchRequestSchema = z.strictObject({
  patch: z.record(z.string(), z.unknown()),
  version,
});

/** Body of `POST /api/backoffice/cases/{runtimeId}/move` (admins). */
export const moveRequestSchema = z.strictObject({
  state: z.string().trim().min(1).max(200),
  reason: z.string().max(4000),
  version,
});

/** Body of `POST /api/backoffice/cases/{runtimeId}/cancel` (admins). */
export const cancelRequestSchema = z.strictObject({
  reason: z.string().max(4000),
  version,
});
