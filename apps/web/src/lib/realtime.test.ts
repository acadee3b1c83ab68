import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, type RealtimeStatus } from './realtime';

/** A socket the test drives: open, message, close. */
class FakeSocket {
  static created: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { wasClean: boolean; code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }
  close() {}
}

function connect() {
  FakeSocket.created = [];
  const statuses: RealtimeStatus[] = [];
  const connection = connectRealtime((url) => new FakeSocket(url) as unknown as WebSocket);
  connection.onStatus((status) => statuses.push(status));
  return { connection, statuses, socket: (index: number) => FakeSocket.created[index] };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connectRealtime', () => {
  it('connects to /ws on the same host and passes on known events only', () => {
    const { connection, statuses, socket } = connect();
    const events: unknown[] = [];
    connection.subscribe((event) => events.push(event));
    expect(socket(0)?.url).toBe(`ws://${window.location.host}/ws`);
    socket(0)?.onopen?.();
    socket(0)?.onmessage?.({ data: JSON.stringify({ type: 'changed', resource: 'tasks', teamId: 't1' }) });
    socket(0)?.onmessage?.({ data: 'not json' });
    socket(0)?.onmessage?.({ data: JSON.stringify({ type: 'mystery' }) });
    expect(events).toEqual([{ type: 'changed', resource: 'tasks', teamId: 't1' }]);
    expect(statuses).toEqual(['live']);
  });

  it('reconnects at most 5 times after unclean closes, waiting 2^n seconds, then reports offline', () => {
    vi.useFakeTimers();
    const { statuses, socket } = connect();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      socket(attempt - 1)?.onclose?.({ wasClean: false, code: 1006 });
      expect(statuses.at(-1)).toBe('reconnecting');
      vi.advanceTimersByTime(2 ** attempt * 1000 - 1);
      expect(socket(attempt)).toBeUndefined();
      vi.advanceTimersByTime(1);
      expect(socket(attempt)).toBeDefined();
    }
    socket(5)?.onclose?.({ wasClean: false, code: 1006 });
    expect(statuses.at(-1)).toBe('offline');
  });

  it('does not retry a refused connection (1008), and counts again after a successful open', () => {
    vi.useFakeTimers();
    const refused = connect();
    refused.socket(0)?.onclose?.({ wasClean: true, code: 1008 });
    expect(refused.statuses).toEqual(['offline']);

    const flaky = connect();
    flaky.socket(0)?.onclose?.({ wasClean: false, code: 1006 });
    vi.advanceTimersByTime(2000);
    flaky.socket(1)?.onopen?.();
    expect(flaky.statuses).toEqual(['reconnecting', 'live']);
    flaky.socket(1)?.onclose?.({ wasClean: false, code: 1006 });
    vi.advanceTimersByTime(2000);
    expect(flaky.socket(2)).toBeDefined();
  });

  it('does not retry a clean normal close (1000), but does when the server goes away (1001)', () => {
    vi.useFakeTimers();
    const ended = connect();
    ended.socket(0)?.onopen?.();
    ended.socket(0)?.onclose?.({ wasClean: true, code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(ended.statuses).toEqual(['live', 'offline']);
    expect(ended.socket(1)).toBeUndefined();

    const restarted = connect();
    restarted.socket(0)?.onopen?.();
    restarted.socket(0)?.onclose?.({ wasClean: true, code: 1001 });
    vi.advanceTimersByTime(2000);
    expect(restarted.statuses).toEqual(['live', 'reconnecting']);
    expect(restarted.socket(1)).toBeDefined();
  });
});
