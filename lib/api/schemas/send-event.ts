import { z } from "zod";
import { jsonObject } from "./common";

/** Body of `POST /workflows/{workflowRuntimeId}/send-event`. */
export const sendEventRequestSchema = z.strictObject({
  name: z.string().min(1).max(200).describe("Event name, e.g. `start`."),
  payload: jsonObject().optional().describe("Event data available to the definition's conditions."),
  contextPatch: jsonObject()
    .optional()
    .describe("A JSON Merge Patch (RFC 7396) of the context, applied before the event in the same step, so its conditions and the plugins of the state it enters see the new data. Nothing is stored when the event is refused (409) or the patched context is invalid (422)."),
});

export type SendEventRequest = z.output<typeof sendEventRequestSchema>;
