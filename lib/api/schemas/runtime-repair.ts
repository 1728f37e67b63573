import { z } from "zod";
import { jsonObject } from "./common";

/*
 * Bodies of the routes that change a runtime besides events: `PATCH /workflows/{id}/context` (a JSON Merge
 * Patch), `POST /workflows/{id}/move` and `POST /workflows/{id}/cancel`.
 */

/** Body of `PATCH /workflows/{workflowRuntimeId}/context`: a JSON Merge Patch (RFC 7396) of the context. */
export const contextPatchSchema = jsonObject().describe(
  "A JSON Merge Patch (RFC 7396) of the runtime's context: each key is merged into the context, an object value merges recursively, `null` removes the key, any other value (arrays included) replaces it.",
);

const reason = (what: string) => z.string().trim().min(1).max(1000).describe(`Why the runtime is ${what} (1 to 1000 characters), recorded in its history.`);

/** Body of `POST /workflows/{workflowRuntimeId}/move`. */
export const moveRequestSchema = z.strictObject({
  state: z.string().min(1).max(500).describe("The state to enter: a state of the runtime's definition version (a nested state by its dotted path, e.g. `review.pending`, or by its name when only one state has it)."),
  reason: reason("moved"),
});

/** Body of `POST /workflows/{workflowRuntimeId}/cancel`. */
export const cancelRequestSchema = z.strictObject({ reason: reason("canceled") });

export type MoveRequest = z.output<typeof moveRequestSchema>;
export type CancelRequest = z.output<typeof cancelRequestSchema>;
