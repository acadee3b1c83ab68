import type { TeamMessage } from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import { groupByDay, mergeMessages, withDelta } from './room-state';

function message(seq: number, content = `m${seq}`, createdAt = '2026-11-20T12:00:00.000Z'): TeamMessage {
  return {
    id: `id-${seq}`,
    seq,
    teamId: 't',
    kind: 'member',
    userId: 'u',
    sender: { name: 'A', avatarUrl: null },
    content,
    status: 'done',
    replyToId: null,
    citations: [],
    createdAt,
    editedAt: null,
  };
}

describe('the room state', () => {
  it('keeps one copy of each message in the server order, the later copy winning (an edit)', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, 'edited'), message(1)]);
    expect(merged.map((entry) => [entry.seq, entry.content])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'edited'],
    ]);
  });

  it('groups consecutive messages by local day', () => {
    const groups = groupByDay([
      message(1, 'a', '2026-11-20T12:00:00.000Z'),
      message(2, 'b', '2026-11-20T13:00:00.000Z'),
      message(3, 'c', '2026-11-22T12:00:00.000Z'),
    ]);
    expect(groups.map((group) => group.messages.map((entry) => entry.content))).toEqual([['a', 'b'], ['c']]);
  });

  it("grows an answer being written at the pieces' offsets, skipping what it has and waiting after a gap", () => {
    const answer = { ...message(2, 'The code'), kind: 'assistant' as const, status: 'answering' as const };
    const room = { messages: [message(1), answer], hasOlder: false };
    const delta = (offset: number, text: string) =>
      ({ type: 'team_message_delta', teamId: 't', id: answer.id, offset, text }) as const;
    const grown = withDelta(room, delta(8, ' is QX'));
    expect(grown.messages[1]?.content).toBe('The code is QX');
    // Already held (loaded after it was stored): unchanged.
    expect(withDelta(grown, delta(8, ' is QX'))).toBe(grown);
    // A gap: pieces were missed, so this one is not glued on in the wrong place.
    expect(withDelta(grown, delta(20, '87754'))).toBe(grown);
    // A finished answer takes no more pieces; an unknown one is ignored.
    const done = { ...room, messages: [message(1), { ...answer, status: 'done' as const }] };
    expect(withDelta(done, delta(8, ' more'))).toBe(done);
    expect(withDelta(room, { ...delta(0, 'x'), id: 'nope' })).toBe(room);
  });
});
