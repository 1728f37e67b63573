import { z } from "zod";
import { nextCursor, timestamp } from "../../api-contract/shapes";
import { cursorParam, limitParam } from "./common";

/** Body of `POST /workflows/{workflowRuntimeId}/notes`. */
export const addNoteRequestSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, "write something")
    .refine((text) => [...text].length <= 10_000, "at most 10,000 characters")
    .describe("1 to 10,000 characters (after trimming)."),
});

/** Query of `GET /workflows/{workflowRuntimeId}/notes`. */
export const listNotesQuerySchema = z.strictObject({ limit: limitParam, cursor: cursorParam });

export const noteSchema = z.object({
  id: z.uuid(),
  workflowRuntimeId: z.uuid(),
  text: z.string(),
  author: z.object({
    type: z.enum(["api_key", "reviewer", "system"]),
    id: z.string().nullable(),
    name: z.string().describe("The API key's or the user's name when the note was written."),
  }),
  createdAt: timestamp,
});

export const notePageSchema = z.object({ data: z.array(noteSchema).describe("Newest first."), nextCursor });

export type AddNoteRequest = z.output<typeof addNoteRequestSchema>;
export type ListNotesQuery = z.output<typeof listNotesQuerySchema>;
