import type { Integration } from '@lumen/contract';

/** What a card shows; spec 000 section 4 names disconnected, connecting, connected and syncing, the server adds the rest. */
export type CardState =
  | 'not-configured'
  | 'disconnected'
  | 'connecting'
  | 'connected'
  | 'syncing'
  | 'needs-reconnect'
  | 'error';

/** Whether the server reports a working connection (a refused one must be connected again first). */
export function isConnectedNow(integration: Integration): boolean {
  return integration.connected && integration.status !== 'needs_reconnect';
}

export function getCardState(integration: Integration, isConnecting: boolean): CardState {
  if (!integration.configured && !integration.connected) return 'not-configured';
  if (isConnecting && !isConnectedNow(integration)) return 'connecting';
  if (integration.status === 'needs_reconnect') return 'needs-reconnect';
  if (!integration.connected) return 'disconnected';
  if (integration.syncing) return 'syncing';
  return integration.status === 'error' ? 'error' : 'connected';
}

/** A connection the user can sync and whose details (account, last sync, counts) the card shows. */
export function hasConnection(state: CardState): boolean {
  return state === 'connected' || state === 'syncing' || state === 'error';
}
