import { z } from "zod";
import { timestamp } from "../../api-contract/shapes";
import { jsonObject } from "./common";
import { documentSchema } from "./run";

/*
 * Documents of a runtime after the start (`/workflows/{id}/documents`): the request body and, for the OpenAPI
 * document, the answers (response-types.test.ts keeps them in step with lib/runtime/documents).
 */

/**
 * Body of `POST …/documents` and `PUT …/documents/{documentId}`: the spec's document object. `id` and `version`
 * are the service's (the addressed id; 1, then one more on each replace) and may be left out; the `decision`
 * is the reviewer's and is refused. The definition's `documentsSchema`, when it has one, is checked too.
 */
export const documentBodySchema = documentSchema.extend({
  id: z.string().min(1).max(200).optional().describe("POST: the document's id (generated when absent). PUT: the id in the path, or left out."),
  version: z
    .union([z.int(), z.string()])
    .optional()
    .describe("Set by the service: 1 when added, the previous version + 1 on each replace. Send that value or leave it out."),
  decision: z.never({ error: "the decision is the reviewer's; leave it out (a new version is pending review)" }).optional(),
});

/** A document as stored in `context.documents`: the sent fields, its `id`, `version` and `decision`. */
export const storedDocumentSchema = jsonObject().describe(
  "The document as stored: the fields sent, `id`, `version` (an integer) and `decision` (`{ status: \"pending\", revisionReason: null, rejectionReason: null, … }` until a reviewer decides).",
);

/** Answer of `POST …/documents` and `PUT …/documents/{documentId}`. */
export const documentChangeResponseSchema = z.object({
  workflowRuntimeId: z.uuid(),
  version: z.int().describe("The runtime's new version (also the `ETag`); the document's own version is `document.version`."),
  document: storedDocumentSchema,
});

export const documentVersionSchema = z.object({
  version: z.int(),
  current: z.boolean().describe("true for the version the context holds now."),
  document: storedDocumentSchema,
  supersededAt: timestamp.nullable().describe("When this version was replaced or deleted; null for the current one."),
  supersededBy: z.object({ type: z.string().describe("api_key, reviewer or system."), id: z.string().nullable() }).nullable(),
});

export const documentVersionsResponseSchema = z.object({ data: z.array(documentVersionSchema).describe("Newest first.") });
