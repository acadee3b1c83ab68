/** The spaces module: spaces, their members and roles, and space invitations. */
export { countTeamSpaces, searchVisibleSpaces } from './spaces.repository.ts';
export { spacesRoutes } from './spaces.routes.ts';
