import { randomUUID } from 'node:crypto';

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more, and realtime events can be larger (a 4,000-character
 * message in a script of 3-byte letters, the online list of a big team). A large payload travels as numbered parts,
 * all sent by one statement (so they leave together, in order, at its commit), and each listener joins them again.
 */

/** Bytes of text per part, leaving room for the part's header under PostgreSQL's limit. */
export const MAX_NOTIFY_PART_BYTES = 7000;
/** A part's header: `~<id>:<index>:<count>:`; a whole payload is JSON and so never starts with `~`. */
const PART_MARK = '~';
/** Parts of a payload whose other parts never came (a listener that reconnected in between) are forgotten. */
const PART_TIMEOUT_MS = 30_000;

/** The payload itself when it fits, or its numbered parts (never splitting a character). */
export function splitNotifyPayload(payload: string, maxBytes = MAX_NOTIFY_PART_BYTES): string[] {
  if (Buffer.byteLength(payload) <= maxBytes) return [payload];
  const pieces: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const character of payload) {
    const bytes = Buffer.byteLength(character);
    if (currentBytes + bytes > maxBytes) {
      pieces.push(current);
      current = '';
      currentBytes = 0;
    }
    current += character;
    currentBytes += bytes;
  }
  if (current) pieces.push(current);
  const id = randomUUID();
  return pieces.map((piece, index) => `${PART_MARK}${id}:${index}:${pieces.length}:${piece}`);
}

interface PendingPayload {
  parts: Array<string | undefined>;
  received: number;
  firstAt: number;
}

/**
 * Joins the parts a listener receives: `accept` returns a whole payload when one is complete (a payload that came
 * whole, or the last of its parts), null while parts are missing or for a part it cannot read.
 */
export function createNotifyPayloadAssembler(now: () => number = Date.now) {
  const pending = new Map<string, PendingPayload>();
  return {
    accept(notification: string): string | null {
      if (!notification.startsWith(PART_MARK)) return notification;
      const match = /^~([0-9a-f-]{36}):(\d+):(\d+):/.exec(notification);
      if (!match) return null;
      const [header, id = '', indexText = '', countText = ''] = match;
      const index = Number(indexText);
      const count = Number(countText);
      if (index >= count || count > 10_000) return null;
      const time = now();
      for (const [key, entry] of pending) if (time - entry.firstAt > PART_TIMEOUT_MS) pending.delete(key);
      let entry = pending.get(id);
      if (!entry) {
        entry = { parts: new Array<string | undefined>(count).fill(undefined), received: 0, firstAt: time };
        pending.set(id, entry);
      }
      if (entry.parts[index] === undefined) {
        entry.parts[index] = notification.slice(header.length);
        entry.received += 1;
      }
      if (entry.received < count) return null;
      pending.delete(id);
      return entry.parts.join('');
    },
    /** Payloads waiting for parts (tests). */
    pendingCount: () => pending.size,
  };
}
