import type { Citation } from '@lumen/contract';
import { TEAM_ROOM_AREA } from '../access/index.ts';
import { streamAgent, TEAM_ROOM_SYSTEM_PROMPT } from './agent.ts';
import type { AskDeps } from './ask.service.ts';
import { createUnconfirmedSession } from './session.ts';

export interface TeamRoomQuestion {
  /** The member who asked: the answer reads only documents every member of their team may view. */
  userId: string;
  question: string;
  /** Each piece of the answer's text as the model writes it (may be awaited: the stream waits). */
  onText: (text: string) => Promise<void> | void;
  abortSignal?: AbortSignal;
}

/**
 * The agent's answer to a question asked in the team room (`@Lumen ...`), streamed through `onText`. The tools read
 * the team room's area only (`canReadInTeamRoom`: the team's public spaces' files), never what only the one asking may
 * see, since the whole team reads the answer; nothing is deleted or saved from here. Resolves with the whole text and
 * the citations its [n] markers resolve to; rejects with the model's error (`describeProviderError` words it).
 */
export async function answerInTeamRoom(
  deps: AskDeps,
  { userId, question, onText, abortSignal }: TeamRoomQuestion,
): Promise<{ text: string; citations: Citation[] }> {
  const session = createUnconfirmedSession(deps, userId, { area: TEAM_ROOM_AREA });
  const result = streamAgent({
    model: deps.model,
    session,
    system: TEAM_ROOM_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: question }],
    abortSignal,
  });
  let text = '';
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text;
      await onText(part.text);
    } else if (part.type === 'error') {
      throw part.error;
    }
  }
  return { text, citations: session.registry.citationsFor(text) };
}
