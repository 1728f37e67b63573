import { readJsonBody } from "@/lib/api/http/read-json";
import { addTeamMemberRequestSchema, createTeamRequestSchema, renameTeamRequestSchema } from "@/lib/api/schemas/teams";
import type { CallerHandler } from "@/lib/callers";
import { getDb } from "@/lib/db/client";
import { addTeamMemberFor, createTeamFor, deleteTeamFor, getTeamFor, listTeamsFor, removeTeamMemberFor, renameTeamFor } from "@/lib/teams";
import { createHandler, deleteHandler, listHandler } from "./resource";

type TeamParams = { teamId: string };

/**
 * `…/teams…` as both surfaces serve it: `/api/v1/external/teams` binds these handlers in `withApiKey`
 * (`teams:read` / `teams:write`), `/api/backoffice/teams` in `withSession` (admins only).
 */
export const teamHandlers = {
  // GET …/teams – the project's teams with their members, by name
  list: listHandler(listTeamsFor),

  // POST …/teams – create a team, optionally with members (201)
  create: (base: string) => createHandler(createTeamRequestSchema, createTeamFor, { maxBytes: 20_000, location: (team) => `${base}/${team.id}` }),

  // GET …/teams/{teamId} – one team with its members
  get: (async (_req, { caller, params }) => Response.json(await getTeamFor(await getDb(), caller, params.teamId))) satisfies CallerHandler<TeamParams>,

  // PATCH …/teams/{teamId} – rename a team
  rename: (async (req, { caller, params }) => {
    const { name } = await readJsonBody(req, renameTeamRequestSchema, { maxBytes: 2_000 });
    return Response.json(await renameTeamFor(await getDb(), caller, params.teamId, name));
  }) satisfies CallerHandler<TeamParams>,

  // DELETE …/teams/{teamId} – delete a team and its memberships (204; 409 while a queue is restricted to it)
  delete: deleteHandler("teamId", deleteTeamFor),

  // POST …/teams/{teamId}/members – add a user of the project; answers the team
  addMember: (async (req, { caller, params }) => {
    const { userId } = await readJsonBody(req, addTeamMemberRequestSchema, { maxBytes: 2_000 });
    return Response.json(await addTeamMemberFor(await getDb(), caller, params.teamId, userId));
  }) satisfies CallerHandler<TeamParams>,

  // DELETE …/teams/{teamId}/members/{userId} – remove a member (204)
  removeMember: (async (_req, { caller, params }) => {
    await removeTeamMemberFor(await getDb(), caller, params.teamId, params.userId);
    return new Response(null, { status: 204 });
  }) satisfies CallerHandler<TeamParams & { userId: string }>,
};
