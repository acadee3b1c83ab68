import type { LanguageModelV3 } from '@ai-sdk/provider';
import { NO_ANSWER_REPLY, questionOfMention, TEAM_CHAT_MESSAGES, TEAM_ROOM_ANSWERS_AT_ONCE } from '@lumen/contract';
import type { FastifyInstance } from 'fastify';
import type { JobContext } from '../../platform/jobs.ts';
import { findMembership } from '../access/index.ts';
import {
  type AskDeps,
  answerInTeamRoom,
  describeProviderError,
  isProviderError,
  recordAiQuery,
} from '../assistant/index.ts';
import { findMessageById, findTeamMessage, updateAnswer } from './team-chat.repository.ts';
import {
  ANSWER_IN_ROOM_JOB,
  type AnswerInRoomPayload,
  publish,
  requireMessage,
  type TeamChatDeps,
  toTeamMessage,
} from './team-chat.service.ts';

/**
 * How often a streaming answer's new text is stored and pushed to the room: often enough to read as it is written,
 * seldom enough that a long answer is a few dozen small events rather than one per word.
 */
export const ANSWER_DELTA_INTERVAL_MS = 100;

/** Ends the answer (stored, then pushed whole); nothing when it is gone or another attempt finished it. */
async function finishAnswer(
  deps: TeamChatDeps,
  answer: { id: string; teamId: string },
  values: Parameters<typeof updateAnswer>[2] & { status: 'done' | 'failed' },
): Promise<void> {
  if (!(await updateAnswer(deps.db, answer.id, values))) return;
  const message = toTeamMessage(await requireMessage(deps.db, answer.teamId, answer.id));
  await publish(deps, answer.teamId, { type: 'team_message_changed', message });
}

/**
 * Writes the assistant's answer to a question asked in the team room: as the one who asked, over the documents every
 * member may view; its text stored and pushed to the room as it streams (`team_message_delta` with the offset it
 * goes at), then the whole answer with its citations. A later attempt (the first one's process died) starts the
 * answer over; a question deleted meanwhile, or asked by someone who left the team, ends it as failed.
 */
async function writeAnswer(deps: TeamChatDeps, askDeps: AskDeps, job: JobContext<AnswerInRoomPayload>) {
  const answer = await findMessageById(deps.db, job.payload.answerId);
  if (answer?.kind !== 'assistant' || answer.status !== 'answering') return;
  const question = answer.replyToId ? await findTeamMessage(deps.db, answer.teamId, answer.replyToId) : null;
  const askerId = question?.userId ?? null;
  if (!question || !askerId || (await findMembership(deps.db, askerId))?.teamId !== answer.teamId) {
    await finishAnswer(deps, answer, { content: TEAM_CHAT_MESSAGES.assistantQuestionGone, status: 'failed' });
    return;
  }
  if (answer.content !== '') {
    // What an interrupted attempt streamed goes: the answer starts over for everyone.
    if (!(await updateAnswer(deps.db, answer.id, { content: '' }))) return;
    const restarted = toTeamMessage(await requireMessage(deps.db, answer.teamId, answer.id));
    await publish(deps, answer.teamId, { type: 'team_message_changed', message: restarted });
  }

  let streamed = '';
  let pending = '';
  let lastFlushAt = Date.now();
  let isGone = false;
  const stop = new AbortController();
  job.signal.addEventListener('abort', () => stop.abort(job.signal.reason), { once: true });
  const flush = async () => {
    if (!pending || isGone) return;
    const text = pending;
    pending = '';
    const offset = streamed.length;
    streamed += text;
    if (!(await updateAnswer(deps.db, answer.id, { content: streamed }))) {
      // Deleted by an admin meanwhile: stop asking the model.
      isGone = true;
      stop.abort();
      return;
    }
    await publish(deps, answer.teamId, {
      type: 'team_message_delta',
      teamId: answer.teamId,
      id: answer.id,
      offset,
      text,
    });
  };

  const startedAt = performance.now();
  try {
    const { text, citations } = await answerInTeamRoom(askDeps, {
      userId: askerId,
      question: questionOfMention(question.content),
      abortSignal: stop.signal,
      onText: async (piece) => {
        pending += piece;
        if (Date.now() - lastFlushAt < ANSWER_DELTA_INTERVAL_MS) return;
        lastFlushAt = Date.now();
        await flush();
      },
    });
    if (isGone) return;
    await finishAnswer(deps, answer, { content: text.trim() || NO_ANSWER_REPLY, status: 'done', citations });
    await recordAiQuery(deps.db, {
      userId: askerId,
      surface: 'team_room',
      citations,
      durationMs: performance.now() - startedAt,
      model: askDeps.model.modelId,
      resourceId: answer.id,
    });
  } catch (error) {
    if (isGone) return;
    // Another worker holds the job now (this one lost its lease): it writes the answer.
    if (job.signal.aborted) throw error;
    if (!isProviderError(error) && !job.isLastAttempt) throw error;
    job.log.warn({ err: error, reason: describeProviderError(error) }, 'team room: the assistant could not answer');
    await finishAnswer(deps, answer, { content: TEAM_CHAT_MESSAGES.assistantFailed, status: 'failed' });
  }
}

/** The team room's background work: the assistant's answers, several at a time in their own lane. */
export function registerTeamChatJobs(app: FastifyInstance, { model }: { model: LanguageModelV3 }): void {
  const deps = (): TeamChatDeps => ({ db: app.database.db, realtime: app.realtime, jobs: app.jobs, log: app.log });
  const askDeps = (): AskDeps => ({
    db: app.database.db,
    storage: app.storage,
    embedder: app.embeddings ?? null,
    model,
    log: app.log,
  });
  app.jobs.register<AnswerInRoomPayload>(ANSWER_IN_ROOM_JOB, (job) => writeAnswer(deps(), askDeps(), job), {
    lane: 'team-chat',
    concurrency: TEAM_ROOM_ANSWERS_AT_ONCE,
    onAbandoned: async (job) => {
      const answer = await findMessageById(app.database.db, job.payload.answerId);
      if (answer) await finishAnswer(deps(), answer, { content: TEAM_CHAT_MESSAGES.assistantFailed, status: 'failed' });
    },
  });
}
