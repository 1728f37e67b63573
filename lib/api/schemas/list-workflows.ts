import { z } from "zod";
import { cursorParam, limitParam, repeatableParam } from "./common";

/** Query of `GET /workflows`; unknown parameters are refused (a typo must not widen the result). */
export const listWorkflowsQuerySchema = z.strictObject({
  workflowDefinitionId: z.string().min(1).max(200).optional().describe("Runtimes of this definition."),
  state: z.string().min(1).max(200).optional().describe("Runtimes in this state."),
  status: z.enum(["active", "completed", "failed", "canceled"]).optional().describe("Runtimes with this status."),
  tag: repeatableParam(z.string().min(1).max(200)).describe("Runtimes carrying any of these tags; repeat for several."),
  entityId: z.string().min(1).max(200).optional().describe("The caller's entity id (correlationId) or the serviceEntityId."),
  limit: limitParam,
  cursor: cursorParam,
});

export type ListWorkflowsQuery = z.output<typeof listWorkflowsQuerySchema>;
