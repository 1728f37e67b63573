import { z } from "zod";

/** Query of `GET /workflows/{workflowRuntimeId}/history`; the cursor is the id of the last entry seen. */
export const historyQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(200).describe("Page size, 1 to 1000 (default 200)."),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, "pass the nextCursor of the previous page")
    .optional()
    .describe("The `nextCursor` of the previous page."),
});

export type HistoryQuery = z.output<typeof historyQuerySchema>;
