/** The team overview module: the team screens' stat cards, activity list and search (reads teams, spaces, invitations). */
export { teamOverviewRoutes } from './team-overview.routes.ts';
