/** Teams: groups of a project's users that queues are restricted to and review states may require. */
export { createTeamFor } from "./create-team";
export { deleteTeamFor } from "./delete-team";
export { getTeamFor, getTeamOrThrow, listTeamsFor } from "./list-teams";
export { renameTeamFor } from "./rename-team";
export { addTeamMemberFor, removeTeamMemberFor } from "./team-members";
export { loadTeams, type TeamMemberView, type TeamView } from "./team-view";
export { userTeamIds, userTeams } from "./user-team-ids";
