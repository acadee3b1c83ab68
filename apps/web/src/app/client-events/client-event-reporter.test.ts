import type { ClientEvent } from '@lumen/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClientEventReporter, interactionOf, routePatternOf } from './client-event-reporter';

describe('the client event reporter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a batch at 20 events and the rest when the interval passes; the last one with keepalive', async () => {
    const batches: Array<{ events: ClientEvent[]; isLeaving: boolean }> = [];
    const reporter = createClientEventReporter({
      send: async (events, { isLeaving }) => {
        batches.push({ events, isLeaving });
      },
      intervalMs: 1000,
    });
    for (let index = 0; index < 20; index++) reporter.track({ type: 'page_visit', route: `/r${index}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((batch) => batch.events.length)).toEqual([20]);
    for (let index = 0; index < 3; index++) reporter.track({ type: 'page_visit', route: `/s${index}` });
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches.map((batch) => batch.events.length)).toEqual([20, 3]);
    reporter.track({ type: 'ui_interaction', route: '/chat', element: 'button', target: 'send' });
    await reporter.flush(true);
    expect(batches.at(-1)).toMatchObject({ isLeaving: true, events: [{ type: 'ui_interaction', target: 'send' }] });
    reporter.stop();
  });

  it('masks error messages before they leave, and drops a failed batch without disturbing the app', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const reporter = createClientEventReporter({ send, intervalMs: 1000 });
    reporter.track({ type: 'client_error', route: '/chat', errorMessage: 'no user grace@example.com (id 12345)' });
    await reporter.flush();
    expect(send.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ errorMessage: 'no user [email] (id [number])', at: expect.any(String) }),
    ]);
    expect(reporter.pendingCount()).toBe(0);
    reporter.stop();
  });

  it('keeps at most 500 waiting events, the newest', async () => {
    const reporter = createClientEventReporter({ send: () => new Promise(() => {}), intervalMs: 60_000 });
    // The first batch of 20 is in flight for ever; the rest wait.
    for (let index = 0; index < 700; index++) reporter.track({ type: 'page_visit', route: `/r${index}` });
    expect(reporter.pendingCount()).toBeLessThanOrEqual(500);
    reporter.stop();
  });
});

describe('what an event says', () => {
  it('turns a path into its route pattern, never ids', () => {
    expect(routePatternOf('/spaces/harbour-ops', { slug: 'harbour-ops' })).toBe('/spaces/:slug');
    expect(
      routePatternOf('/role-management/9f1c2d3e-1111-4222-8333-444455556666', {
        spaceId: '9f1c2d3e-1111-4222-8333-444455556666',
      }),
    ).toBe('/role-management/:spaceId');
    expect(routePatternOf('/chat', {})).toBe('/chat');
    expect(routePatternOf('/', {})).toBe('/');
  });

  it('names a clicked button or link by its data-track or test id, never by its text', () => {
    document.body.innerHTML = `
      <button data-track="export-csv"><span id="inner">Export for Grace Hopper</span></button>
      <a href="/x" data-testid="citation-chip">Salary of Alan</a>
      <button id="plain">Delete Grace</button>
      <p id="text">Just text</p>`;
    expect(interactionOf(document.getElementById('inner'))).toEqual({ element: 'button', target: 'export-csv' });
    expect(interactionOf(document.querySelector('a'))).toEqual({ element: 'link', target: 'citation-chip' });
    expect(interactionOf(document.getElementById('plain'))).toEqual({ element: 'button' });
    expect(interactionOf(document.getElementById('text'))).toBeNull();
  });
});
