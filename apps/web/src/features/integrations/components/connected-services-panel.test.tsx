import {
  type ConnectorProvider,
  INTEGRATION_MESSAGES,
  INTEGRATION_POPUP_MESSAGE_TYPE,
  type Integration,
  type RealtimeEvent,
} from '@lumen/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { RealtimeEventsContext, type SubscribeToRealtime } from '@/hooks/use-realtime-events';
import { formatDateTime } from '@/lib/format-date';
import { loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import {
  connectedIntegration,
  integration,
  integrationList,
  unconfiguredIntegration,
} from '@/testing/integration-fixtures';
import { createManualClock } from '@/testing/manual-clock';
import { renderWithProviders } from '@/testing/test-utils';
import type { PopupTimers } from '../hooks/use-connect-popup';
import { ConnectedServicesPanel } from './connected-services-panel';

const LIST_PATH = '/api/integrations';

type FakePopup = { closed: boolean };

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

/** The server's list, changeable between requests. */
function createServer(initial: Integration[], routes: StubRoutes = {}) {
  let integrations = initial;
  const stub = stubFetch({
    [`GET ${LIST_PATH}`]: () => jsonResponse({ integrations }),
    'GET /api/integration-requests/mine': () => jsonResponse({ requests: [], nextCursor: null }),
    ...routes,
  });
  const setIntegration = (next: Integration) => {
    integrations = integrations.map((item) => (item.provider === next.provider ? next : item));
  };
  const listRequests = () => stub.findRequests('GET', LIST_PATH).length;
  return { ...stub, setIntegration, listRequests };
}

let openSpy: MockInstance<typeof window.open>;
let popup: FakePopup;

function renderPanel({ isSignedIn = true, timers }: { isSignedIn?: boolean; timers?: PopupTimers } = {}) {
  const realtime = createRealtime();
  const view = renderWithProviders(
    <RealtimeEventsContext.Provider value={realtime.subscribe}>
      <ConnectedServicesPanel isSignedIn={isSignedIn} timers={timers} />
    </RealtimeEventsContext.Provider>,
  );
  return { ...view, realtime };
}

async function findCard(id: ConnectorProvider | 'custom-request') {
  return screen.findByTestId(`integration-${id}`);
}

function cardState(card: HTMLElement) {
  return within(card).getByRole('status');
}

function postPopupMessage(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });
}

beforeAll(async () => {
  await loadNamespaces(['integrations']);
});

beforeEach(() => {
  popup = { closed: false };
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});

afterEach(() => {
  openSpy.mockRestore();
});

describe('ConnectedServicesPanel', () => {
  it('renders every state: disconnected, connected with account, syncing with progress, not configured, reconnect, failed sync', async () => {
    createServer(
      integrationList({
        onedrive: connectedIntegration('onedrive'),
        dropbox: connectedIntegration('dropbox', { syncing: true, counts: { seen: 10, indexed: 6, failed: 1 } }),
        notion: connectedIntegration('notion', {
          status: 'needs_reconnect',
          lastError: 'Notion refused the saved sign-in.',
        }),
        confluence: connectedIntegration('confluence', { status: 'error', lastError: 'Confluence did not answer.' }),
      }).integrations,
    );
    renderPanel();

    const drive = await findCard('google-drive');
    expect(within(drive).getByRole('heading', { name: 'Google Drive' })).toBeInTheDocument();
    expect(within(drive).getByText('Search and chat about your Google Drive files.')).toBeInTheDocument();
    expect(cardState(drive)).toHaveTextContent('Not connected');
    expect(within(drive).getByRole('button', { name: 'Connect' })).toHaveAccessibleDescription('Google Drive');

    const onedrive = await findCard('onedrive');
    expect(cardState(onedrive)).toHaveTextContent('Connected');
    expect(onedrive).toHaveTextContent('Connected as ada@example.com');
    expect(onedrive).toHaveTextContent(`Last synced ${formatDateTime('2026-11-20T09:30:00.000Z', 'en')}`);
    expect(onedrive).toHaveTextContent('12 seen · 11 indexed · 1 failed');
    expect(within(onedrive).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(within(onedrive).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(within(onedrive).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();

    const dropbox = await findCard('dropbox');
    expect(cardState(dropbox)).toHaveTextContent('Syncing...');
    const progress = within(dropbox).getByRole('progressbar', { name: 'Dropbox sync progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '7');
    expect(progress).toHaveAttribute('aria-valuemax', '10');
    expect(dropbox).toHaveTextContent('7 of 10 items processed (6 indexed, 1 failed)');
    expect(within(dropbox).getByRole('button', { name: 'Syncing...' })).toBeDisabled();

    const slack = await findCard('slack');
    expect(cardState(slack)).toHaveTextContent('Not configured');
    expect(within(slack).getByText('SLACK_CLIENT_ID')).toBeInTheDocument();
    expect(within(slack).getByText('SLACK_CLIENT_SECRET')).toBeInTheDocument();
    expect(within(slack).queryByRole('button')).not.toBeInTheDocument();

    const notion = await findCard('notion');
    expect(cardState(notion)).toHaveTextContent('Connection expired');
    expect(notion).toHaveTextContent('Notion no longer accepts this connection. Connect it again to keep syncing.');
    expect(notion).toHaveTextContent('Notion refused the saved sign-in.');
    expect(within(notion).getByRole('button', { name: 'Reconnect' })).toBeEnabled();

    const confluence = await findCard('confluence');
    expect(cardState(confluence)).toHaveTextContent('Last sync failed');
    expect(confluence).toHaveTextContent('Confluence did not answer.');

    const custom = await findCard('custom-request');
    expect(within(custom).getByRole('heading', { name: 'Custom Integration' })).toBeInTheDocument();
    expect(within(custom).getByRole('button', { name: 'Request' })).toBeEnabled();
  });

  it('shows the variables to set for a provider that is not configured instead of Connect', async () => {
    createServer([unconfiguredIntegration('google-drive')]);
    renderPanel();

    const drive = await findCard('google-drive');
    expect(drive).toHaveTextContent(
      'An administrator enables this integration by setting these variables on the server:',
    );
    expect(within(drive).getByText('GOOGLE_CLIENT_ID')).toBeInTheDocument();
    expect(within(drive).getByText('GOOGLE_CLIENT_SECRET')).toBeInTheDocument();
    expect(within(drive).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('opens a centred 600x700 popup at the connect route and shows Connecting...', async () => {
    createServer([integration('google-drive')]);
    const { user } = renderPanel();

    const drive = await findCard('google-drive');
    await user.click(within(drive).getByRole('button', { name: 'Connect' }));

    expect(openSpy).toHaveBeenCalledTimes(1);
    const [url, target, features] = openSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/integrations/google-drive/connect');
    expect(target).toBe('lumen-connect-google-drive');
    expect(features).toMatch(/width=600,height=700,left=\d+,top=\d+/);
    expect(cardState(drive)).toHaveTextContent('Connecting...');
    expect(within(drive).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  });

  it('says the popup was blocked when window.open returns null', async () => {
    openSpy.mockImplementation(() => null);
    createServer([integration('google-drive')]);
    const { user } = renderPanel();

    await user.click(within(await findCard('google-drive')).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Popup blocked. Please allow popups for this site.')).toBeInTheDocument();
    expect(cardState(await findCard('google-drive'))).toHaveTextContent('Not connected');
  });

  it('asks to sign in first when nobody is signed in, without opening a popup', async () => {
    createServer([integration('google-drive')]);
    const { user } = renderPanel({ isSignedIn: false });

    await user.click(within(await findCard('google-drive')).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to connect platforms.')).toBeInTheDocument();
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('connects on a success message from the app origin and ignores one from another origin', async () => {
    const server = createServer([integration('google-drive')]);
    const { user } = renderPanel();
    const drive = await findCard('google-drive');
    await user.click(within(drive).getByRole('button', { name: 'Connect' }));
    const success = { type: INTEGRATION_POPUP_MESSAGE_TYPE, provider: 'google-drive', ok: true };
    const requestsBefore = server.listRequests();

    postPopupMessage(success, 'https://evil.example');
    postPopupMessage({ ...success, type: 'something-else' });
    expect(cardState(drive)).toHaveTextContent('Connecting...');
    expect(server.listRequests()).toBe(requestsBefore);

    server.setIntegration(connectedIntegration('google-drive'));
    postPopupMessage(success);

    await waitFor(() => expect(cardState(drive)).toHaveTextContent('Connected'));
    expect(drive).toHaveTextContent('Connected as ada@example.com');
  });

  it("shows 'Connection Failed' with the popup's error, or 'Could not connect to {platform}.'", async () => {
    createServer([integration('google-drive'), integration('dropbox')]);
    const { user } = renderPanel();
    const drive = await findCard('google-drive');
    await user.click(within(drive).getByRole('button', { name: 'Connect' }));

    postPopupMessage({
      type: INTEGRATION_POPUP_MESSAGE_TYPE,
      provider: 'google-drive',
      ok: false,
      error: 'You declined access.',
    });

    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.getByText('You declined access.')).toBeInTheDocument();
    expect(cardState(drive)).toHaveTextContent('Not connected');

    const dropbox = await findCard('dropbox');
    await user.click(within(dropbox).getByRole('button', { name: 'Connect' }));
    postPopupMessage({ type: INTEGRATION_POPUP_MESSAGE_TYPE, provider: 'dropbox', ok: false });
    expect(await screen.findByText('Could not connect to Dropbox.')).toBeInTheDocument();
  });

  it("shows 'Connection Failed' when the server pushes a connection error", async () => {
    createServer([integration('onedrive')]);
    const { user, realtime } = renderPanel();
    const onedrive = await findCard('onedrive');
    await user.click(within(onedrive).getByRole('button', { name: 'Connect' }));

    realtime.emit({ type: 'platform_connection_error', platform: 'onedrive', platform_name: 'OneDrive' });

    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.getByText('Could not connect to OneDrive.')).toBeInTheDocument();
    expect(cardState(onedrive)).toHaveTextContent('Not connected');
  });

  it('turns connected when the status poll (every 3 s while connecting) says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = createServer([integration('google-drive')]);
    const { user } = renderPanel();
    const drive = await findCard('google-drive');
    await user.click(within(drive).getByRole('button', { name: 'Connect' }));

    server.setIntegration(connectedIntegration('google-drive'));
    await act(() => vi.advanceTimersByTimeAsync(3000));

    await waitFor(() => expect(cardState(drive)).toHaveTextContent('Connected'));
  });

  it('clears Connecting... after 120 s without a result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    createServer([integration('google-drive')]);
    const { user } = renderPanel();
    const drive = await findCard('google-drive');
    await user.click(within(drive).getByRole('button', { name: 'Connect' }));

    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(cardState(drive)).toHaveTextContent('Connecting...');
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(cardState(drive)).toHaveTextContent('Not connected');
    expect(within(drive).getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('re-reads the status 2 s after the popup is seen closed (checked every 1 s)', async () => {
    const clock = createManualClock();
    const server = createServer([integration('google-drive')]);
    const { user } = renderPanel({ timers: clock });
    const drive = await findCard('google-drive');
    await user.click(within(drive).getByRole('button', { name: 'Connect' }));
    // A failed result ends the attempt (and its poll), so only the popup's closing reads the list again.
    postPopupMessage({ type: INTEGRATION_POPUP_MESSAGE_TYPE, provider: 'google-drive', ok: false });
    await screen.findByText('Connection Failed');
    await waitFor(() => expect(server.listRequests()).toBe(2));

    act(() => clock.advance(999));
    popup.closed = true;
    act(() => clock.advance(1)); // the check every second sees it closed
    act(() => clock.advance(1_999));
    expect(server.listRequests()).toBe(2);
    act(() => clock.advance(1));

    await waitFor(() => expect(server.listRequests()).toBe(3));
  });

  it("starts a sync with Sync now, and shows 'Sync Failed' when it cannot start", async () => {
    const server = createServer([connectedIntegration('onedrive', { counts: { seen: 0, indexed: 0, failed: 0 } })], {
      'POST /api/integrations/onedrive/sync': apiErrorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error'),
    });
    const { user } = renderPanel();
    const onedrive = await findCard('onedrive');

    await user.click(within(onedrive).getByRole('button', { name: 'Sync now' }));

    expect(server.findRequests('POST', '/api/integrations/onedrive/sync')).toHaveLength(1);
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText('File synchronization failed.')).toBeInTheDocument();
  });

  it("shows 'Sync Failed' when the server pushes a sync error", async () => {
    createServer([connectedIntegration('onedrive', { syncing: true })]);
    const { realtime } = renderPanel();
    const onedrive = await findCard('onedrive');
    expect(cardState(onedrive)).toHaveTextContent('Syncing...');

    realtime.emit({ type: 'sync_error', platform: 'onedrive', platform_name: 'OneDrive', error: 'Quota exceeded' });

    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText('File synchronization failed.')).toBeInTheDocument();
  });

  it('asks before disconnecting, then disconnects', async () => {
    const server = createServer([connectedIntegration('onedrive')], {
      'POST /api/integrations/onedrive/disconnect': new Response(null, { status: 204 }),
    });
    const { user } = renderPanel();
    const onedrive = await findCard('onedrive');

    await user.click(within(onedrive).getByRole('button', { name: 'Disconnect' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disconnect OneDrive?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.findRequests('POST', '/api/integrations/onedrive/disconnect')).toHaveLength(0);

    await user.click(within(onedrive).getByRole('button', { name: 'Disconnect' }));
    server.setIntegration(integration('onedrive'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));

    await waitFor(() => expect(cardState(onedrive)).toHaveTextContent('Not connected'));
    expect(server.findRequests('POST', '/api/integrations/onedrive/disconnect')).toHaveLength(1);
  });

  it("shows 'Disconnect Failed' with the server's detail", async () => {
    createServer([connectedIntegration('onedrive')], {
      'POST /api/integrations/onedrive/disconnect': apiErrorResponse(
        404,
        'NOT_FOUND',
        INTEGRATION_MESSAGES.notConnected,
        'INTEGRATION_NOT_CONNECTED',
      ),
    });
    const { user } = renderPanel();
    await user.click(within(await findCard('onedrive')).getByRole('button', { name: 'Disconnect' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Disconnect Failed')).toBeInTheDocument();
    expect(screen.getByText('This integration is not connected')).toBeInTheDocument();
  });

  it("shows 'Disconnect Failed' with 'Could not disconnect.' when the server gives no detail", async () => {
    createServer([connectedIntegration('onedrive')], {
      'POST /api/integrations/onedrive/disconnect': new Response('Bad gateway', { status: 502 }),
    });
    const { user } = renderPanel();
    await user.click(within(await findCard('onedrive')).getByRole('button', { name: 'Disconnect' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Disconnect Failed')).toBeInTheDocument();
    expect(screen.getByText('Could not disconnect.')).toBeInTheDocument();
  });

  it('loads the failed items only when asked', async () => {
    const server = createServer([connectedIntegration('onedrive', { counts: { seen: 5, indexed: 3, failed: 2 } })], {
      'GET /api/integrations/onedrive/failures': jsonResponse({
        failures: [
          { id: 'f1', name: 'budget.xlsx', error: 'The file is larger than 10 MB.' },
          { id: 'f2', name: 'scan.pdf', error: 'The PDF has no text.' },
        ],
      }),
    });
    const { user } = renderPanel();
    const onedrive = await findCard('onedrive');
    expect(server.findRequests('GET', '/api/integrations/onedrive/failures')).toHaveLength(0);

    await user.click(within(onedrive).getByRole('button', { name: 'Show failed items (2)' }));

    const list = await within(onedrive).findByRole('list', { name: 'Failed items of OneDrive' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['budget.xlsxThe file is larger than 10 MB.', 'scan.pdfThe PDF has no text.']);
    expect(server.findRequests('GET', '/api/integrations/onedrive/failures')).toHaveLength(1);
    expect(within(onedrive).getByRole('button', { name: 'Hide failed items' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('updates a card when the server pushes sync_completed', async () => {
    const server = createServer([
      connectedIntegration('dropbox', { syncing: true, counts: { seen: 4, indexed: 1, failed: 0 } }),
    ]);
    const { realtime } = renderPanel();
    const dropbox = await findCard('dropbox');
    expect(cardState(dropbox)).toHaveTextContent('Syncing...');

    server.setIntegration(
      connectedIntegration('dropbox', {
        lastSyncedAt: '2026-11-25T10:00:00.000Z',
        counts: { seen: 4, indexed: 4, failed: 0 },
      }),
    );
    realtime.emit({ type: 'sync_completed', platform: 'dropbox', platform_name: 'Dropbox', files_synced: 4 });

    await waitFor(() => expect(cardState(dropbox)).toHaveTextContent('Connected'));
    await waitFor(() => expect(dropbox).toHaveTextContent('4 seen · 4 indexed · 0 failed'));
    expect(dropbox).toHaveTextContent(`Last synced ${formatDateTime('2026-11-25T10:00:00.000Z', 'en')}`);
    expect(within(dropbox).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
