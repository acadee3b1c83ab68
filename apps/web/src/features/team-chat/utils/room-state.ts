import type { RealtimeEvent, TeamMessage, TeamMessagePage } from '@lumen/contract';

/**
 * Merges messages into the loaded room: one entry per id (the later copy wins: an edit), ordered by the server's `seq`,
 * so a message that arrives live and again in a catch-up page is shown once, in the same place on every screen.
 */
export function mergeMessages(loaded: readonly TeamMessage[], incoming: readonly TeamMessage[]): TeamMessage[] {
  const byId = new Map(loaded.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

export function withMessages(room: TeamMessagePage, incoming: readonly TeamMessage[]): TeamMessagePage {
  return { ...room, messages: mergeMessages(room.messages, incoming) };
}

export function withoutMessage(room: TeamMessagePage, id: string): TeamMessagePage {
  return { ...room, messages: room.messages.filter((message) => message.id !== id) };
}

/**
 * More text of an answer being written: appended where it belongs. A piece this copy already has (it loaded the answer
 * after the piece was stored) is skipped; after a gap (pieces missed) the copy waits for the finished answer, which
 * replaces it whole.
 */
export function withDelta(
  room: TeamMessagePage,
  delta: Extract<RealtimeEvent, { type: 'team_message_delta' }>,
): TeamMessagePage {
  const target = room.messages.find((message) => message.id === delta.id);
  if (target?.status !== 'answering' || target.content.length !== delta.offset) return room;
  const grown = { ...target, content: target.content + delta.text };
  return { ...room, messages: room.messages.map((message) => (message.id === delta.id ? grown : message)) };
}

/** The UTC-independent calendar day of a message in the reader's time zone, for the day separators. */
export function localDayOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The messages grouped by local day, in order: a separator heads each group. */
export function groupByDay(messages: readonly TeamMessage[]): Array<{ day: string; messages: TeamMessage[] }> {
  const groups: Array<{ day: string; messages: TeamMessage[] }> = [];
  for (const message of messages) {
    const day = localDayOf(message.createdAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}
