/** The integrations module: connections to outside file stores, their OAuth flow and (later) their sync (ADR 0080). */
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
export { integrationsPopupRoutes, integrationsRoutes } from './integrations.routes.ts';
export type { IntegrationsDeps, IntegrationsRuntime, SyncSettings } from './integrations.service.ts';
export { configuredProviders, createIntegrationsRuntime } from './integrations.service.ts';
export { codeChallengeS256, completeAuthorization, createCodeVerifier, startAuthorization } from './oauth.ts';
export { registerIntegrationJobs } from './sync.jobs.ts';
