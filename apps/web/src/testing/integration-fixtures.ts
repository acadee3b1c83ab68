import { type ConnectorProvider, type Integration, PROVIDER_CREDENTIAL_VARIABLES } from '@lumen/contract';

/** A provider as GET /api/integrations lists it: configured and not connected unless overridden. */
export function integration(provider: ConnectorProvider, overrides: Partial<Integration> = {}): Integration {
  return {
    provider,
    configured: true,
    connected: false,
    status: null,
    account: null,
    lastSyncedAt: null,
    syncing: false,
    lastError: null,
    missingVariables: [],
    counts: { seen: 0, indexed: 0, failed: 0 },
    ...overrides,
  };
}

/** A connected provider with its account and a finished sync. */
export function connectedIntegration(provider: ConnectorProvider, overrides: Partial<Integration> = {}): Integration {
  return integration(provider, {
    connected: true,
    status: 'connected',
    account: { email: 'ada@example.com', name: 'Ada Lovelace' },
    lastSyncedAt: '2026-11-20T09:30:00.000Z',
    counts: { seen: 12, indexed: 11, failed: 1 },
    ...overrides,
  });
}

/** A provider the server has no client credentials for (Slack, Notion and Confluence until their drivers exist). */
export function unconfiguredIntegration(provider: ConnectorProvider): Integration {
  return integration(provider, { configured: false, missingVariables: [...PROVIDER_CREDENTIAL_VARIABLES[provider]] });
}

/** The list as the server sends it today: the three storage providers configured, the rest not. */
export function integrationList(overrides: Partial<Record<ConnectorProvider, Integration>> = {}): {
  integrations: Integration[];
} {
  return {
    integrations: [
      overrides['google-drive'] ?? integration('google-drive'),
      overrides.onedrive ?? integration('onedrive'),
      overrides.dropbox ?? integration('dropbox'),
      overrides.slack ?? unconfiguredIntegration('slack'),
      overrides.notion ?? unconfiguredIntegration('notion'),
      overrides.confluence ?? unconfiguredIntegration('confluence'),
    ],
  };
}
