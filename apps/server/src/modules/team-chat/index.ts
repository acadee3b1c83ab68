/** The team's chat room (issue #13). */
export { teamChatRoutes } from './team-chat.routes.ts';
