import { describe, expect, it } from 'vitest';
import { createNotifyPayloadAssembler, MAX_NOTIFY_PART_BYTES, splitNotifyPayload } from './notify-payload.ts';

describe('NOTIFY payloads over the 8,000-byte limit', () => {
  it('a payload that fits travels as it is', () => {
    const payload = JSON.stringify({ teamId: 't', event: { type: 'typing' } });
    expect(splitNotifyPayload(payload)).toEqual([payload]);
    expect(createNotifyPayloadAssembler().accept(payload)).toBe(payload);
  });

  it('a large payload of multi-byte characters is split into parts under the limit and joined again', () => {
    // 4,000 emoji (surrogate pairs, 4 bytes each) and 3-byte letters: no part may split a character.
    const payload = JSON.stringify({ content: '😀'.repeat(4000) + 'ж'.repeat(3000) });
    const parts = splitNotifyPayload(payload);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) {
      expect(Buffer.byteLength(part)).toBeLessThan(8000);
      // A split surrogate pair would not survive the trip through UTF-8.
      expect(Buffer.from(part).toString()).toBe(part);
    }
    const assembler = createNotifyPayloadAssembler();
    const results = parts.map((part) => assembler.accept(part));
    expect(results.slice(0, -1).every((result) => result === null)).toBe(true);
    expect(results.at(-1)).toBe(payload);
    expect(assembler.pendingCount()).toBe(0);
  });

  it('parts arriving out of order or twice still give the payload once', () => {
    const payload = 'x'.repeat(MAX_NOTIFY_PART_BYTES * 2 + 10);
    const parts = splitNotifyPayload(payload);
    expect(parts).toHaveLength(3);
    const assembler = createNotifyPayloadAssembler();
    expect(assembler.accept(parts[2] ?? '')).toBeNull();
    expect(assembler.accept(parts[2] ?? '')).toBeNull();
    expect(assembler.accept(parts[0] ?? '')).toBeNull();
    expect(assembler.accept(parts[1] ?? '')).toBe(payload);
  });

  it('parts whose siblings never come are forgotten after 30 s; an unreadable part is ignored', () => {
    let time = 0;
    const assembler = createNotifyPayloadAssembler(() => time);
    const parts = splitNotifyPayload('y'.repeat(MAX_NOTIFY_PART_BYTES + 1));
    expect(assembler.accept(parts[0] ?? '')).toBeNull();
    expect(assembler.pendingCount()).toBe(1);
    time = 31_000;
    expect(assembler.accept('~not-a-part')).toBeNull();
    expect(assembler.accept(splitNotifyPayload('z'.repeat(MAX_NOTIFY_PART_BYTES + 1))[0] ?? '')).toBeNull();
    expect(assembler.pendingCount()).toBe(1);
  });
});
