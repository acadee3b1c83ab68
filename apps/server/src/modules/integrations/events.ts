import { type ConnectorProvider, PLATFORM_LABELS, type RealtimeEvent } from '@lumen/contract';

type IntegrationEvent = Extract<RealtimeEvent, { platform: unknown }>;
type IntegrationEventType = IntegrationEvent['type'];

/** An integration event as the web app reads it (spec section 4): the provider id and its display name. */
export function platformEvent(
  type: IntegrationEventType,
  provider: ConnectorProvider,
  fields: Pick<IntegrationEvent, 'message' | 'error' | 'files_synced' | 'connected'> = {},
): RealtimeEvent {
  return { type, platform: provider, platform_name: PLATFORM_LABELS[provider], ...fields };
}
