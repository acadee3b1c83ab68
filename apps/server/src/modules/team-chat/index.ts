/** The team's chat room (issue #13). */

export { registerTeamChatJobs } from './team-chat.jobs.ts';
export { teamChatRoutes } from './team-chat.routes.ts';
