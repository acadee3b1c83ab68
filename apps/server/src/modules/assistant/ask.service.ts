import type { Citation } from '@lumen/contract';
import { AppError } from '../../platform/errors.ts';
import { generateAgentReply } from './agent.ts';
import { recordAiQuery } from './ai-query-audit.ts';
import type { ChatDeps } from './chat.service.ts';
import { describeProviderError, isProviderError } from './provider-errors.ts';
import { createUnconfirmedSession } from './session.ts';

/** What the non-streaming entry needs: no confirmation is possible, so no connected store either. */
export type AskDeps = Omit<ChatDeps, 'cloudFiles'>;

/** The agent's answer to one question (no streaming, no persistence), with the citations its [n] markers resolve to. */
export async function answerQuestion(
  deps: AskDeps,
  userId: string,
  query: string,
): Promise<{ response: string; citations: Citation[] }> {
  const session = createUnconfirmedSession(deps, userId);
  try {
    const { text, allText } = await generateAgentReply({
      model: deps.model,
      session,
      messages: [{ role: 'user', content: query }],
    });
    return { response: text, citations: session.registry.citationsFor(allText) };
  } catch (error) {
    if (isProviderError(error)) {
      deps.log.warn({ err: error }, 'assistant model failed');
      throw new AppError('AI_PROVIDER_FAILED', describeProviderError(error));
    }
    throw error;
  }
}

/**
 * POST /api/ask: the same agent, without streaming or persistence, always for the signed-in user. Deleting needs a
 * confirmation this endpoint cannot show, so delete_file is not offered here.
 */
export async function askAssistant(deps: AskDeps, userId: string, query: string): Promise<{ response: string }> {
  const startedAt = performance.now();
  const { response, citations } = await answerQuestion(deps, userId, query);
  await recordAiQuery(deps.db, {
    userId,
    surface: 'ask',
    citations,
    durationMs: performance.now() - startedAt,
    model: deps.model.modelId,
  });
  return { response };
}
