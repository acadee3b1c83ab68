import type { TeamMessage } from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import { groupByDay, mergeMessages } from './room-state';

function message(seq: number, content = `m${seq}`, createdAt = '2026-11-20T12:00:00.000Z'): TeamMessage {
  return {
    id: `id-${seq}`,
    seq,
    teamId: 't',
    userId: 'u',
    sender: { name: 'A', avatarUrl: null },
    content,
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
});
