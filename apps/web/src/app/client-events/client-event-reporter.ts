import { CLIENT_EVENT_BATCH_MAX, type ClientEvent, maskClientText } from '@lumen/contract';
import { API_BASE_PATH } from '@/lib/api-client';

/** Events kept while the server cannot be reached; older ones go first. */
const MAX_PENDING = 500;
/** A batch leaves at this many events, or when the interval passes. */
const FLUSH_AT = 20;
const FLUSH_INTERVAL_MS = 10_000;

export type SendBatch = (events: ClientEvent[], options: { isLeaving: boolean }) => Promise<void>;

/** POST /api/client-events; `keepalive` lets the last batch leave with the page. Failures are dropped quietly. */
export const sendClientEvents: SendBatch = async (events, { isLeaving }) => {
  await fetch(`${API_BASE_PATH}/client-events`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events }),
    keepalive: isLeaving,
  });
};

/**
 * Collects the app's own events (page visits, clicks, errors) and sends them in batches (issue #14): at 20 events,
 * every 10 s, and when the page is left. Reporting never disturbs the app: a failed send is dropped, and so is the
 * oldest of a backlog beyond 500.
 */
export function createClientEventReporter({
  send = sendClientEvents,
  intervalMs = FLUSH_INTERVAL_MS,
}: {
  send?: SendBatch;
  intervalMs?: number;
} = {}) {
  let pending: ClientEvent[] = [];
  const flush = async (isLeaving = false) => {
    while (pending.length > 0) {
      const batch = pending.slice(0, CLIENT_EVENT_BATCH_MAX);
      pending = pending.slice(batch.length);
      try {
        await send(batch, { isLeaving });
      } catch {
        // Reporting is best effort: the app goes on.
      }
    }
  };
  const timer = setInterval(() => void flush(), intervalMs);
  return {
    track(event: Omit<ClientEvent, 'at'> & { at?: string }) {
      pending.push({
        ...event,
        ...(event.errorMessage !== undefined ? { errorMessage: maskClientText(event.errorMessage) } : {}),
        at: event.at ?? new Date().toISOString(),
      });
      if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
      if (pending.length >= FLUSH_AT) void flush();
    },
    flush,
    stop() {
      clearInterval(timer);
    },
    pendingCount: () => pending.length,
  };
}

export type ClientEventReporter = ReturnType<typeof createClientEventReporter>;

/** The route's pattern from its path and parameters: `/spaces/harbour` with `{ slug: 'harbour' }` is `/spaces/:slug`. */
export function routePatternOf(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (value && name !== '*') names.set(value, name);
  }
  return (
    pathname
      .split('/')
      .map((segment) => {
        const name = names.get(decodeURIComponent(segment));
        return name ? `:${name}` : segment;
      })
      .join('/') || '/'
  );
}

/** A clicked button's or link's stable name: its `data-track`, else its test id; never its text. */
export function interactionOf(target: EventTarget | null): { element: 'button' | 'link'; target?: string } | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest('button, a[href], [role="button"], [role="link"]');
  if (!element) return null;
  const kind = element.tagName === 'A' || element.getAttribute('role') === 'link' ? 'link' : 'button';
  const name = element.getAttribute('data-track') ?? element.getAttribute('data-testid') ?? undefined;
  return { element: kind, ...(name ? { target: name.slice(0, 100) } : {}) };
}
