import type { IntegrationRequestStatus, IntegrationRequestUrgency } from '@lumen/contract';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { integrationRequests, user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/** Every query below is scoped by the caller's team id, so another team's ids find nothing. */

interface PersonColumns {
  firstName: string;
  lastName: string;
  email: string;
}

export interface IntegrationRequestRow {
  id: string;
  seq: number;
  platform: string;
  purpose: string;
  urgency: IntegrationRequestUrgency;
  status: IntegrationRequestStatus;
  requestedBy: string;
  createdAt: Date;
  decidedAt: Date | null;
  requester: PersonColumns | null;
  decider: PersonColumns | null;
}

const requester = alias(user, 'requester');
const decider = alias(user, 'decider');

function selectRequests(db: Database) {
  return db
    .select({
      id: integrationRequests.id,
      seq: integrationRequests.seq,
      platform: integrationRequests.platform,
      purpose: integrationRequests.purpose,
      urgency: integrationRequests.urgency,
      status: integrationRequests.status,
      requestedBy: integrationRequests.requestedBy,
      createdAt: integrationRequests.createdAt,
      decidedAt: integrationRequests.decidedAt,
      requester: { firstName: requester.firstName, lastName: requester.lastName, email: requester.email },
      decider: { firstName: decider.firstName, lastName: decider.lastName, email: decider.email },
    })
    .from(integrationRequests)
    .leftJoin(requester, eq(requester.id, integrationRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, integrationRequests.decidedBy))
    .$dynamic();
}

export async function insertIntegrationRequest(
  db: Database,
  values: {
    teamId: string;
    requestedBy: string;
    platform: string;
    purpose: string;
    urgency: IntegrationRequestUrgency;
  },
): Promise<string> {
  const [row] = await db.insert(integrationRequests).values(values).returning({ id: integrationRequests.id });
  if (!row) throw new Error('integration request not created');
  return row.id;
}

export async function countOpenRequestsOf(db: Database, teamId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(integrationRequests)
    .where(
      and(
        eq(integrationRequests.teamId, teamId),
        eq(integrationRequests.requestedBy, userId),
        eq(integrationRequests.status, 'open'),
      ),
    );
  return row?.open ?? 0;
}

export async function findIntegrationRequest(
  db: Database,
  teamId: string,
  requestId: string,
): Promise<IntegrationRequestRow | null> {
  const [row] = await selectRequests(db)
    .where(and(eq(integrationRequests.teamId, teamId), eq(integrationRequests.id, requestId)))
    .limit(1);
  return row ?? null;
}

/** The team's requests newest first, `limit` of them after the `beforeSeq` cursor, of one status when given. */
export async function listIntegrationRequests(
  db: Database,
  teamId: string,
  options: { requestedBy?: string; status?: IntegrationRequestStatus; beforeSeq?: number; limit: number },
): Promise<IntegrationRequestRow[]> {
  const conditions: SQL[] = [eq(integrationRequests.teamId, teamId)];
  if (options.requestedBy) conditions.push(eq(integrationRequests.requestedBy, options.requestedBy));
  if (options.status) conditions.push(eq(integrationRequests.status, options.status));
  if (options.beforeSeq !== undefined) conditions.push(lt(integrationRequests.seq, options.beforeSeq));
  return selectRequests(db)
    .where(and(...conditions))
    .orderBy(desc(integrationRequests.seq))
    .limit(options.limit);
}

/** An admin's answer (or a reopening, which clears who answered): returns false when the team has no such request. */
export async function updateIntegrationRequestStatus(
  db: Database,
  teamId: string,
  requestId: string,
  change: { status: IntegrationRequestStatus; decidedBy: string },
): Promise<boolean> {
  const isReopened = change.status === 'open';
  const updated = await db
    .update(integrationRequests)
    .set({
      status: change.status,
      decidedBy: isReopened ? null : change.decidedBy,
      decidedAt: isReopened ? null : new Date(),
    })
    .where(and(eq(integrationRequests.teamId, teamId), eq(integrationRequests.id, requestId)))
    .returning({ id: integrationRequests.id });
  return updated.length > 0;
}
