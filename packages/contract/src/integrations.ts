import { z } from 'zod';

/**
 * Every provider an integration can connect to (ADR 0080). Google Drive, OneDrive and Dropbox come first; Slack,
 * Notion and Confluence are listed so the screens and the database know them before their drivers exist.
 */
export const CONNECTOR_PROVIDERS = ['google-drive', 'onedrive', 'dropbox', 'slack', 'notion', 'confluence'] as const;
export type ConnectorProvider = (typeof CONNECTOR_PROVIDERS)[number];

/** connected: syncing; needs_reconnect: the provider refused the tokens, the user must connect again; error: the last sync failed. */
export const CONNECTION_STATUSES = ['connected', 'needs_reconnect', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const SYNC_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

export const INTEGRATION_MESSAGES = {
  unknownProvider: 'This integration does not exist',
  notConnected: 'This integration is not connected',
} as const;

export const connectorProviderSchema = z.enum(CONNECTOR_PROVIDERS, { error: INTEGRATION_MESSAGES.unknownProvider });

export const integrationProviderParamsSchema = z.object({ provider: connectorProviderSchema });

/** One provider as the signed-in user sees it. Never carries a token. */
export const integrationSchema = z.object({
  provider: connectorProviderSchema,
  /** The server has this provider's client credentials, so it can be connected. */
  configured: z.boolean(),
  connected: z.boolean(),
  status: z.enum(CONNECTION_STATUSES).nullable(),
  account: z.object({ email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  lastSyncedAt: z.string().nullable(),
  counts: z.object({
    seen: z.number().int().nonnegative(),
    indexed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({ integrations: z.array(integrationSchema) });
export type IntegrationList = z.infer<typeof integrationListSchema>;
