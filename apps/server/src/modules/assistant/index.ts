/** The assistant module: the agent loop, its tools and models, /api/chat and /api/ask. */

export { type AiQuerySurface, recordAiQuery } from './ai-query-audit.ts';
export type { AskDeps } from './ask.service.ts';
export { assistantRoutes } from './assistant.routes.ts';
export { createLanguageModel } from './models/create-language-model.ts';
export { describeProviderError, isProviderError } from './provider-errors.ts';
export { answerInTeamRoom, type TeamRoomQuestion } from './team-room-answer.ts';
