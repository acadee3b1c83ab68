/** The teams module: teams, members, departments and role assignment. */
export { findTeamWithCounts, listActiveMembers } from './teams.repository.ts';
export { teamsRoutes } from './teams.routes.ts';
export { findTeamDepartment, joinTeam, toMember } from './teams.service.ts';
