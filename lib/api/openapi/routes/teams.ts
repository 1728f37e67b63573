import { z } from "zod";
import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { addTeamMemberRequestSchema, createTeamRequestSchema, renameTeamRequestSchema, teamSchema } from "../../schemas/teams";

const team = named("Team", teamSchema);

/** Teams of backoffice users: queues are restricted to them, review states may require them. */
export const TEAM_ROUTES: RouteGroup = {
  tag: "Teams",
  description:
    "Teams of the project's backoffice users. A filter (queue) restricted to teams (`teamIds`) is seen, with the cases it selects, only by reviewers in one of them (admins and auditors see everything). Every change is in the audit trail.",
  routes: [
    {
      method: "get",
      path: "/api/v1/external/teams",
      scope: "teams:read",
      summary: "List teams with their members",
      success: { status: 200, description: "`{ data: [team] }`: every team of the project, by name.", schema: named("TeamList", z.object({ data: z.array(teamSchema) })) },
    },
    {
      method: "post",
      path: "/api/v1/external/teams",
      scope: "teams:write",
      summary: "Create a team",
      body: named("CreateTeamRequest", createTeamRequestSchema),
      success: { status: 201, description: "The team with its members.", schema: team, headers: ["Location"] },
      errors: ["team_name_taken"],
    },
    {
      method: "get",
      path: "/api/v1/external/teams/{teamId}",
      scope: "teams:read",
      summary: "Get a team",
      pathParams: pathParams("teamId"),
      success: { status: 200, description: "The team with its members.", schema: team },
      errors: ["not_found"],
    },
    {
      method: "patch",
      path: "/api/v1/external/teams/{teamId}",
      scope: "teams:write",
      summary: "Rename a team",
      pathParams: pathParams("teamId"),
      body: named("RenameTeamRequest", renameTeamRequestSchema),
      success: { status: 200, description: "The renamed team.", schema: team },
      errors: ["not_found", "team_name_taken"],
    },
    {
      method: "delete",
      path: "/api/v1/external/teams/{teamId}",
      scope: "teams:write",
      summary: "Delete a team",
      pathParams: pathParams("teamId"),
      success: { status: 204, description: "Deleted, with its memberships." },
      errors: ["not_found", "team_in_use"],
    },
    {
      method: "post",
      path: "/api/v1/external/teams/{teamId}/members",
      scope: "teams:write",
      summary: "Add a member to a team",
      pathParams: pathParams("teamId"),
      body: named("AddTeamMemberRequest", addTeamMemberRequestSchema),
      success: { status: 200, description: "The team with its members (adding a member again changes nothing).", schema: team },
      errors: ["not_found"],
    },
    {
      method: "delete",
      path: "/api/v1/external/teams/{teamId}/members/{userId}",
      scope: "teams:write",
      summary: "Remove a member from a team",
      pathParams: pathParams("teamId", "userId"),
      success: { status: 204, description: "Removed." },
      errors: ["not_found"],
    },
  ],
};
