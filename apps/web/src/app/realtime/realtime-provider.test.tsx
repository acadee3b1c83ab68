import type { RealtimeEvent } from '@lumen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';
import type { RealtimeConnection } from '@/lib/realtime';
import { RealtimeProvider, refreshFor } from './realtime-provider';

function Listener({ onEvent }: { onEvent: (event: RealtimeEvent) => void }) {
  useRealtimeEvents(onEvent);
  return null;
}

describe('refreshFor', () => {
  it('refetches what each changed notice names', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    refreshFor(queryClient, { type: 'changed', resource: 'tasks', teamId: 't1' });
    refreshFor(queryClient, { type: 'changed', resource: 'team', teamId: 't1' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['work-items', 'tasks'],
      ['team'],
      ['me', 'role'],
    ]);
  });

  it('refetches everything it knows after a resync (the server may have missed events)', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    refreshFor(queryClient, { type: 'resync' });
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['work-items', 'tasks'], ['team'], ['me', 'role']]));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(7);
  });
});

describe('RealtimeProvider', () => {
  it("passes every pushed event to the features' listeners over the one connection, until they unmount", () => {
    let push: (event: RealtimeEvent) => void = () => {};
    const connect = vi.fn(
      (): RealtimeConnection => ({
        subscribe: (listener) => {
          push = listener;
          return () => {};
        },
        onStatus: () => () => {},
        status: () => 'live',
        send: () => {},
        close: () => {},
      }),
    );
    const onEvent = vi.fn();
    const queryClient = new QueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider connect={connect}>
          <Listener onEvent={onEvent} />
          <Listener onEvent={onEvent} />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    const event: RealtimeEvent = { type: 'sync_completed', platform: 'dropbox', platform_name: 'Dropbox' };

    act(() => push(event));
    expect(connect).toHaveBeenCalledTimes(1);
    expect(onEvent.mock.calls).toEqual([[event], [event]]);

    view.rerender(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider connect={connect}>{null}</RealtimeProvider>
      </QueryClientProvider>,
    );
    act(() => push(event));
    expect(connect).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledTimes(2);
  });
});
