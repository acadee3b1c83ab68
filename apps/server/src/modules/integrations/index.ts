/**
 * The integrations module: connections to outside file stores, their OAuth flow, their sync (ADRs 0080, 0081), and
 * saving a file to a connected store for the assistant (ADR 0083), and the team's requests for integrations Lumen does
 * not have yet.
 */
export {
  type CloudFile,
  type CloudFileStore,
  type CloudSaveResult,
  createCloudFileStore,
  type StorageConnection,
} from './cloud-save.service.ts';
export type {
  AccountIdentity,
  ChangePage,
  ConnectorDriver,
  ConnectorRegistry,
  OAuthTokens,
  RemoteContent,
  RemoteItem,
} from './connector-driver.ts';
export { createConnectorRegistry } from './connector-driver.ts';
export { createDrivers } from './drivers/index.ts';
export { integrationRequestsRoutes } from './integration-requests.routes.ts';
export { integrationsPopupRoutes, integrationsRoutes } from './integrations.routes.ts';
export type { IntegrationsDeps, IntegrationsRuntime, SyncSettings } from './integrations.service.ts';
export { configuredProviders, createIntegrationsRuntime } from './integrations.service.ts';
export { codeChallengeS256, completeAuthorization, createCodeVerifier, startAuthorization } from './oauth.ts';
export { registerIntegrationJobs } from './sync.jobs.ts';
export { RECONNECT_MESSAGE } from './tokens.ts';
