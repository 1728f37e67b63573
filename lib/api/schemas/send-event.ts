import { z } from "zod";
import { jsonObject } from "./common";

/** Body of `POST /workflows/{workflowRuntimeId}/send-event`. */
export const sendEventRequestSchema = z.strictObject({
  name: z.string().min(1).max(200).describe("Event name, e.g. `start`."),
  payload: jsonObject().optional().describe("Event data available to the definition's conditions."),
});

export type SendEventRequest = z.output<typeof sendEventRequestSchema>;
