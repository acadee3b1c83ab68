import { type ConnectorProvider, PLATFORM_LABELS } from '@lumen/contract';
import type { AuditActor } from '../../platform/audit.ts';
import type { AuditWithChange } from './integrations.repository.ts';

/** The audit entry of an integration event: connected, disconnected, or a sync's result (issue #14). */
export function integrationAudit(
  connection: { id: string; userId: string; teamId: string | null; provider: ConnectorProvider },
  action: 'integration_connect' | 'integration_disconnect' | 'integration_sync',
  details: { actor?: AuditActor; filesSynced?: number; error?: string | null; accountEmail?: string | null } = {},
): AuditWithChange {
  const isFailure = Boolean(details.error);
  return {
    // A sync runs in the background for the connection's owner.
    actor: details.actor ?? { userId: connection.userId, ipAddress: null, userAgent: null },
    entry: {
      teamId: connection.teamId,
      action,
      resourceType: 'integration',
      resourceId: connection.id,
      newValues: {
        platform: PLATFORM_LABELS[connection.provider],
        ...(details.accountEmail ? { account: details.accountEmail } : {}),
        ...(details.filesSynced !== undefined ? { filesSynced: details.filesSynced } : {}),
        ...(isFailure
          ? { status: 'failed', error: details.error }
          : action === 'integration_sync'
            ? { status: 'completed' }
            : {}),
      },
      severity: isFailure ? 'medium' : action === 'integration_disconnect' ? 'low' : 'info',
    },
  };
}
