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
  needsReconnect: 'This integration must be connected again before it can sync',
} as const;

export const connectorProviderSchema = z.enum(CONNECTOR_PROVIDERS, { error: INTEGRATION_MESSAGES.unknownProvider });

export const integrationProviderParamsSchema = z.object({ provider: connectorProviderSchema });

/** The environment variables that configure each provider's client (shown on a card that is not configured). */
export const PROVIDER_CREDENTIAL_VARIABLES: Record<ConnectorProvider, readonly string[]> = {
  'google-drive': ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  onedrive: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
  dropbox: ['DROPBOX_APP_KEY', 'DROPBOX_APP_SECRET'],
  slack: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
  notion: ['NOTION_CLIENT_ID', 'NOTION_CLIENT_SECRET'],
  confluence: ['ATLASSIAN_CLIENT_ID', 'ATLASSIAN_CLIENT_SECRET'],
};

/** One provider as the signed-in user sees it. Never carries a token. */
export const integrationSchema = z.object({
  provider: connectorProviderSchema,
  /** The server has this provider's client credentials, so it can be connected. */
  configured: z.boolean(),
  connected: z.boolean(),
  status: z.enum(CONNECTION_STATUSES).nullable(),
  account: z.object({ email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  lastSyncedAt: z.string().nullable(),
  /** A sync of this connection is running now. */
  syncing: z.boolean(),
  /** Why the last sync or token refresh failed, in words for the user; null after a good sync. */
  lastError: z.string().nullable(),
  /** For a provider that is not configured: the variables an operator sets to enable it. Empty otherwise. */
  missingVariables: z.array(z.string()),
  counts: z.object({
    seen: z.number().int().nonnegative(),
    indexed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({ integrations: z.array(integrationSchema) });
export type IntegrationList = z.infer<typeof integrationListSchema>;

/** An item the last sync could not read, with the reason. */
export const syncFailureSchema = z.object({ id: z.string(), name: z.string(), error: z.string() });
export const syncFailureListSchema = z.object({ failures: z.array(syncFailureSchema) });
export type SyncFailureList = z.infer<typeof syncFailureListSchema>;

/** POST /api/integrations/:provider/sync (202): false when a sync of the connection was already waiting. */
export const syncRequestResultSchema = z.object({ queued: z.boolean() });
export type SyncRequestResult = z.infer<typeof syncRequestResultSchema>;

/**
 * What the OAuth callback page posts to the window that opened the popup (`window.opener.postMessage(message,
 * APP_URL origin)`); the dialog accepts it only from the app's own origin.
 */
export const INTEGRATION_POPUP_MESSAGE_TYPE = 'lumen:integration-result';
export const integrationPopupMessageSchema = z.object({
  type: z.literal(INTEGRATION_POPUP_MESSAGE_TYPE),
  provider: connectorProviderSchema,
  ok: z.boolean(),
  /** A message for the user when `ok` is false. */
  error: z.string().optional(),
});
export type IntegrationPopupMessage = z.infer<typeof integrationPopupMessageSchema>;
