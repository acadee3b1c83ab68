import {
  ANOMALY_ALERT_TYPES,
  type AnomalyAlert,
  type AnomalyAlertType,
  AUDIT_MESSAGES,
  type RealtimeEvent,
} from '@lumen/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RealtimeEventsContext, type SubscribeToRealtime } from '@/hooks/use-realtime-events';
import { formatFullDateTime } from '@/lib/format-date';
import { changeLanguage, i18n, loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { AnomalyAlerts } from './anomaly-alerts';

const ALERTS = '/api/audit/alerts';
const resolvePath = (id: string) => `${ALERTS}/${id}/resolve`;

const ACCOUNT_BURST = 'Repeated failed sign-ins on one account';
const MASS_DELETION = 'Many documents deleted';
const NEW_DEVICE = 'Sign-in from a new device';

function alert(id: string, overrides: Partial<AnomalyAlert> = {}): AnomalyAlert {
  return {
    id,
    alertType: 'failed_login_burst_account',
    severity: 'high',
    description: `12 failed sign-ins on ada@example.com (${id})`,
    status: 'open',
    userId: 'user-ada',
    entryCount: 12,
    entryIds: ['entry-1', 'entry-2'],
    createdAt: '2026-11-21T09:20:00.000Z',
    lastSeenAt: '2026-11-21T09:30:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

const accountBurst = alert('alert-burst');
const massDeletion = alert('alert-deletion', {
  alertType: 'mass_deletion',
  severity: 'critical',
  description: 'Grace Hopper deleted 25 documents within 5 minutes',
  userId: 'user-grace',
  entryCount: 25,
  createdAt: '2026-11-20T15:00:00.000Z',
  lastSeenAt: '2026-11-20T15:04:00.000Z',
});

/** A realtime connection the test pushes events through. */
function createRealtime() {
  const listeners = new Set<(event: RealtimeEvent) => void>();
  const subscribe: SubscribeToRealtime = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const emit = (event: RealtimeEvent) =>
    act(() => {
      for (const listener of listeners) listener(event);
    });
  return { subscribe, emit };
}

/** The server's open alerts, changeable between requests. */
function createServer(initial: AnomalyAlert[], routes: StubRoutes = {}) {
  let alerts = initial;
  const stub = stubFetch({ [`GET ${ALERTS}`]: () => jsonResponse({ alerts }), ...routes });
  return {
    ...stub,
    setAlerts: (next: AnomalyAlert[]) => {
      alerts = next;
    },
  };
}

function renderAlerts() {
  const realtime = createRealtime();
  const view = renderWithProviders(
    <RealtimeEventsContext.Provider value={realtime.subscribe}>
      <AnomalyAlerts />
    </RealtimeEventsContext.Provider>,
  );
  return { ...view, realtime };
}

async function findAlertList() {
  return screen.findByRole('list', { name: 'Open alerts' });
}

/** The alerts' titles (their type labels), in the order shown. */
function shownTitles(): string[] {
  const list = screen.queryByRole('list', { name: 'Open alerts' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

beforeAll(async () => {
  await loadNamespaces(['audit']);
});

describe('AnomalyAlerts', () => {
  it("lists the team's open alerts, newest first, each with its severity, type, description, times and entries", async () => {
    const stub = createServer([accountBurst, massDeletion]);
    renderAlerts();

    expect(screen.getByRole('heading', { level: 2, name: 'Open alerts' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading alerts' })).toBeInTheDocument();
    const list = await findAlertList();
    expect(shownTitles()).toEqual([ACCOUNT_BURST, MASS_DELETION]);

    const burst = within(list).getByRole('listitem', { name: ACCOUNT_BURST });
    expect(within(burst).getByText('High')).toBeInTheDocument();
    expect(within(burst).getByText('12 failed sign-ins on ada@example.com (alert-burst)')).toBeInTheDocument();
    expect(within(burst).getByText('Started')).toBeInTheDocument();
    expect(within(burst).getByText('Last seen')).toBeInTheDocument();
    const [started, lastSeen] = burst.querySelectorAll('time');
    expect(started).toHaveAttribute('datetime', accountBurst.createdAt);
    expect(started).toHaveAttribute('title', formatFullDateTime(accountBurst.createdAt, 'en'));
    expect(started?.textContent).not.toBe('');
    expect(lastSeen).toHaveAttribute('datetime', accountBurst.lastSeenAt);
    expect(within(burst).getByText('Entries').nextElementSibling).toHaveTextContent('12');
    expect(within(burst).getByRole('button', { name: `Resolve ${ACCOUNT_BURST}` })).toBeEnabled();

    const deletion = within(list).getByRole('listitem', { name: MASS_DELETION });
    expect(within(deletion).getByText('Critical')).toBeInTheDocument();
    expect(within(deletion).getByText('Grace Hopper deleted 25 documents within 5 minutes')).toBeInTheDocument();
    expect(within(deletion).getByText('Entries').nextElementSibling).toHaveTextContent('25');
    expect(within(deletion).getByRole('button', { name: `Resolve ${MASS_DELETION}` })).toBeInTheDocument();

    // A new live alert is announced.
    expect(list.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(stub.findRequests('GET', ALERTS)).toHaveLength(1);
  });

  it('names every type of alert in words', async () => {
    createServer(ANOMALY_ALERT_TYPES.map((alertType, n) => alert(`alert-${n}`, { alertType })));
    renderAlerts();
    await findAlertList();
    const english: Record<AnomalyAlertType, string> = {
      failed_login_burst_account: ACCOUNT_BURST,
      failed_login_burst_ip: 'Repeated failed sign-ins from one address',
      mass_deletion: MASS_DELETION,
      mass_download: 'Many documents opened',
      permission_escalation: 'Permissions raised',
      unusual_hour: 'Sign-in at an unusual hour',
      new_device: NEW_DEVICE,
    };
    expect(shownTitles()).toEqual(ANOMALY_ALERT_TYPES.map((type) => english[type]));
  });

  it.each([
    ['fr', 'Alertes ouvertes', 'Résoudre Échecs de connexion répétés sur un compte'],
    ['de', 'Offene Warnungen', 'Auflösen: Wiederholt fehlgeschlagene Anmeldungen bei einem Konto'],
    ['es', 'Alertas abiertas', 'Resolver Inicios de sesión fallidos repetidos en una cuenta'],
  ] as const)('speaks %s, each type of alert with a label of its own', async (language, title, resolve) => {
    createServer([accountBurst]);
    await changeLanguage(language);
    try {
      renderAlerts();
      expect(await screen.findByRole('list', { name: title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: resolve })).toBeInTheDocument();
      const t = i18n.getFixedT(language, 'audit');
      const labels = ANOMALY_ALERT_TYPES.map((type) => t(`alerts.types.${type}`));
      expect(new Set(labels).size).toBe(ANOMALY_ALERT_TYPES.length);
      for (const label of labels) expect(label).not.toMatch(/alerts\.types|_/);
    } finally {
      await changeLanguage('en');
    }
  });

  it('says "No open alerts." when there are none', async () => {
    createServer([]);
    renderAlerts();

    expect(await screen.findByText('No open alerts.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Open alerts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resolve/ })).not.toBeInTheDocument();
  });

  it('resolves an alert: a POST, the button waiting meanwhile, and the alert leaves the list', async () => {
    let finishResolve: (response: Response) => void = () => {};
    const stub = createServer([accountBurst, massDeletion], {
      [`POST ${resolvePath(accountBurst.id)}`]: () =>
        new Promise<Response>((resolve) => {
          finishResolve = resolve;
        }),
      [`POST ${resolvePath(massDeletion.id)}`]: () =>
        jsonResponse({ ...massDeletion, status: 'resolved', resolvedAt: '2026-11-21T10:00:00.000Z' }),
    });
    const { user } = renderAlerts();
    await findAlertList();

    const button = screen.getByRole('button', { name: `Resolve ${ACCOUNT_BURST}` });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.animate-spin')).not.toBeNull();
    // Only that alert waits.
    expect(screen.getByRole('button', { name: `Resolve ${MASS_DELETION}` })).toBeEnabled();

    finishResolve(jsonResponse({ ...accountBurst, status: 'resolved', resolvedAt: '2026-11-21T10:00:00.000Z' }));
    await waitFor(() => expect(shownTitles()).toEqual([MASS_DELETION]));
    expect(stub.findRequests('POST', resolvePath(accountBurst.id))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: `Resolve ${MASS_DELETION}` }));
    expect(await screen.findByText('No open alerts.')).toBeInTheDocument();
    expect(stub.findRequests('POST', resolvePath(massDeletion.id))).toHaveLength(1);
    // The list is not read again: the resolved alerts left the cached one.
    expect(stub.findRequests('GET', ALERTS)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Failed to resolve alert' with the server's reason when refused, and the alert stays", async () => {
    const stub = createServer([accountBurst], {
      [`POST ${resolvePath(accountBurst.id)}`]: apiErrorResponse(
        404,
        'NOT_FOUND',
        AUDIT_MESSAGES.alertNotFound,
        'ANOMALY_ALERT_NOT_FOUND',
      ),
    });
    const { user } = renderAlerts();
    await findAlertList();

    await user.click(screen.getByRole('button', { name: `Resolve ${ACCOUNT_BURST}` }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText(AUDIT_MESSAGES.resolveFailed)).toBeInTheDocument();
    expect(within(failure).getByText('Failed to resolve alert')).toBeInTheDocument();
    expect(within(failure).getByText('Alert not found')).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: ACCOUNT_BURST });
    expect(item).toContainElement(failure);
    expect(within(item).getByRole('button', { name: `Resolve ${ACCOUNT_BURST}` })).toBeEnabled();
    expect(shownTitles()).toEqual([ACCOUNT_BURST]);
    expect(stub.findRequests('POST', resolvePath(accountBurst.id))).toHaveLength(1);
  });

  it("says only 'Failed to resolve alert' when the server is unreachable", async () => {
    createServer([accountBurst]);
    const { user } = renderAlerts();
    await findAlertList();
    // Replaced after the list has loaded: only the resolve fails.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await user.click(screen.getByRole('button', { name: `Resolve ${ACCOUNT_BURST}` }));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toBe('Failed to resolve alert');
    expect(shownTitles()).toEqual([ACCOUNT_BURST]);
  });

  it('keeps the list current with the pushed anomaly_alert events: new, grown, resolved', async () => {
    const stub = createServer([accountBurst, massDeletion]);
    const { realtime } = renderAlerts();
    await findAlertList();

    // A new alert, newer than both: first.
    const device = alert('alert-device', {
      alertType: 'new_device',
      severity: 'medium',
      description: 'Ada Lovelace signed in from a new browser',
      entryCount: 1,
      createdAt: '2026-11-21T11:00:00.000Z',
      lastSeenAt: '2026-11-21T11:00:00.000Z',
    });
    realtime.emit({ type: 'anomaly_alert', alert: device });
    await waitFor(() => expect(shownTitles()).toEqual([NEW_DEVICE, ACCOUNT_BURST, MASS_DELETION]));
    expect(screen.getByText('Ada Lovelace signed in from a new browser')).toBeInTheDocument();

    // The burst goes on: the same alert grows, in its place.
    realtime.emit({
      type: 'anomaly_alert',
      alert: { ...accountBurst, entryCount: 30, lastSeenAt: '2026-11-21T11:05:00.000Z', description: '30 failed' },
    });
    const burst = screen.getByRole('listitem', { name: ACCOUNT_BURST });
    expect(await within(burst).findByText('30 failed')).toBeInTheDocument();
    expect(shownTitles()).toEqual([NEW_DEVICE, ACCOUNT_BURST, MASS_DELETION]);
    expect(within(burst).getByText('Entries').nextElementSibling).toHaveTextContent('30');
    expect(burst.querySelectorAll('time')[1]).toHaveAttribute('datetime', '2026-11-21T11:05:00.000Z');

    // Resolved elsewhere (another admin): it leaves.
    realtime.emit({
      type: 'anomaly_alert',
      alert: { ...massDeletion, status: 'resolved', resolvedAt: '2026-11-21T11:10:00.000Z' },
    });
    await waitFor(() => expect(shownTitles()).toEqual([NEW_DEVICE, ACCOUNT_BURST]));

    // Other events change nothing; none of this read the list again.
    realtime.emit({ type: 'typing', teamId: 'team-1', userId: 'user-1', name: 'Ada' });
    expect(shownTitles()).toEqual([NEW_DEVICE, ACCOUNT_BURST]);
    expect(stub.findRequests('GET', ALERTS)).toHaveLength(1);
  });

  it('shows a live alert arriving in the empty state, and an unknown resolved one changes nothing', async () => {
    createServer([]);
    const { realtime } = renderAlerts();
    await screen.findByText('No open alerts.');
    const region = screen.getByText('No open alerts.').closest('[aria-live="polite"]');
    expect(region).not.toBeNull();

    realtime.emit({ type: 'anomaly_alert', alert: { ...massDeletion, status: 'resolved' } });
    expect(screen.getByText('No open alerts.')).toBeInTheDocument();

    realtime.emit({ type: 'anomaly_alert', alert: accountBurst });
    await waitFor(() => expect(shownTitles()).toEqual([ACCOUNT_BURST]));
    // Announced: the same live region now holds the list.
    expect(region).toContainElement(screen.getByRole('list', { name: 'Open alerts' }));
    expect(screen.queryByText('No open alerts.')).not.toBeInTheDocument();
  });

  it('reads the list again after a resync', async () => {
    const stub = createServer([accountBurst]);
    const { realtime } = renderAlerts();
    await findAlertList();

    stub.setAlerts([massDeletion]);
    realtime.emit({ type: 'resync' });
    await waitFor(() => expect(shownTitles()).toEqual([MASS_DELETION]));
    expect(stub.findRequests('GET', ALERTS)).toHaveLength(2);
  });

  it('says the alerts could not be loaded, and tries again on demand', async () => {
    let isDown = true;
    const stub = stubFetch({
      [`GET ${ALERTS}`]: () =>
        isDown
          ? apiErrorResponse(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
          : jsonResponse({ alerts: [accountBurst] }),
    });
    const { user } = renderAlerts();
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('The alerts could not be loaded.')).toBeInTheDocument();

    isDown = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await findAlertList()).toBeInTheDocument();
    expect(shownTitles()).toEqual([ACCOUNT_BURST]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stub.findRequests('GET', ALERTS)).toHaveLength(2);
  });
});
