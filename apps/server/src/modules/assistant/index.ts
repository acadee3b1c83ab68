/** The assistant module: the agent loop, its tools and models, /api/chat and /api/ask. */
export { assistantRoutes } from './assistant.routes.ts';
