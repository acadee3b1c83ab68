import type { AuditSeverity } from '@lumen/contract';
import { type AuditActor, writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { findMembership } from '../access/index.ts';

/** What happened to an account: sign-ins and sign-outs, failed sign-ins, password resets and changes. */
export type AccountAction = 'user_login' | 'user_login_failed' | 'user_logout' | 'password_reset' | 'password_change';

const SEVERITIES: Record<AccountAction, AuditSeverity> = {
  user_login: 'info',
  user_logout: 'info',
  // Alone a typo; many in a row are what the anomaly rules look for.
  user_login_failed: 'low',
  password_reset: 'medium',
  password_change: 'medium',
};

/**
 * Records an account event in the audit log of the account's team (the log of no team when it has none, or when a
 * failed sign-in named no account). `accountId` is the account it happened to; the actor is who did it (nobody, for a
 * failed sign-in, which still records where it came from). The email a failed sign-in tried is kept, never a password.
 */
export async function recordAccountEvent(
  db: Database,
  event: {
    action: AccountAction;
    accountId: string | null;
    actor: AuditActor;
    metadata?: Record<string, unknown>;
  },
): Promise<void> {
  const membership = event.accountId ? await findMembership(db, event.accountId) : null;
  await db.transaction(async (tx) => {
    await writeAuditEntry(tx, event.actor, {
      teamId: membership?.teamId ?? null,
      action: event.action,
      resourceType: 'user',
      resourceId: event.accountId,
      metadata: event.metadata ?? {},
      severity: SEVERITIES[event.action],
    });
  });
}
