import { z } from "zod";
import { timestamp } from "../../api-contract/shapes";

/** A team's name: 1–100 characters after trimming; unique in its project regardless of case. */
export const teamNameSchema = z.string().trim().min(1).max(100).describe("Unique in the project, regardless of case (e.g. `Senior`).");

/** Body of `POST /teams`: a name and, optionally, the first members (users of the project, each once). */
export const createTeamRequestSchema = z.strictObject({
  name: teamNameSchema,
  memberIds: z
    .array(z.uuid())
    .max(200)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, "list each user once")
    .default([])
    .describe("User ids of the project to add as members."),
});

/** Body of `PATCH /teams/{teamId}`: the new name. */
export const renameTeamRequestSchema = z.strictObject({ name: teamNameSchema });

/** Body of `POST /teams/{teamId}/members`: the user to add. */
export const addTeamMemberRequestSchema = z.strictObject({ userId: z.uuid().describe("A user of the project.") });

export const teamMemberSchema = z.object({
  id: z.uuid(),
  name: z.string().describe("First and last name, else the e-mail."),
  email: z.string(),
  role: z.enum(["admin", "reviewer", "auditor"]),
  active: z.boolean(),
});

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  members: z.array(teamMemberSchema).describe("By name."),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export type CreateTeamRequest = z.output<typeof createTeamRequestSchema>;
