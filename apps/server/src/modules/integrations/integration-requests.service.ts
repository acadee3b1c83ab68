import {
  type CreateIntegrationRequestData,
  displayName,
  INTEGRATION_REQUEST_PAGE_SIZE,
  type IntegrationRequest,
  type IntegrationRequestList,
  type IntegrationRequestListQuery,
  type IntegrationRequestStatus,
  isUuid,
  OPEN_INTEGRATION_REQUESTS_MAX,
  OWN_INTEGRATION_REQUESTS_LIMIT,
} from '@lumen/contract';
import { writeAuditEntry } from '../../platform/audit.ts';
import { type Database, lockKeysForTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/request-user.ts';
import { assertIntegrationRequestReviewer, requireMembership } from '../access/index.ts';
import {
  countOpenRequestsOf,
  findIntegrationRequest,
  type IntegrationRequestRow,
  insertIntegrationRequest,
  listIntegrationRequests,
  updateIntegrationRequestStatus,
} from './integration-requests.repository.ts';

const UNKNOWN_USER = 'Unknown User';

function toIntegrationRequest(row: IntegrationRequestRow): IntegrationRequest {
  return {
    id: row.id,
    platform: row.platform,
    purpose: row.purpose,
    urgency: row.urgency,
    status: row.status,
    requestedBy: row.requestedBy,
    requesterName: row.requester ? displayName(row.requester, UNKNOWN_USER) : UNKNOWN_USER,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    deciderName: row.decider && row.decidedAt ? displayName(row.decider, UNKNOWN_USER) : null,
  };
}

async function readRequest(db: Database, teamId: string, requestId: string): Promise<IntegrationRequest> {
  const row = await findIntegrationRequest(db, teamId, requestId);
  if (!row) throw AppError.of('INTEGRATION_REQUEST_NOT_FOUND');
  return toIntegrationRequest(row);
}

/** Any member of a team asks for a platform; at most OPEN_INTEGRATION_REQUESTS_MAX of theirs wait at once. */
export async function createIntegrationRequest(
  db: Database,
  actor: Actor,
  input: CreateIntegrationRequestData,
): Promise<IntegrationRequest> {
  const { teamId } = await requireMembership(db, actor.userId);
  return db.transaction(async (tx) => {
    // Two requests sent at once must not both pass the count.
    await lockKeysForTransaction(tx, [`integration-requests:${actor.userId}`]);
    if ((await countOpenRequestsOf(tx, teamId, actor.userId)) >= OPEN_INTEGRATION_REQUESTS_MAX) {
      throw AppError.of('INTEGRATION_REQUESTS_TOO_MANY_OPEN');
    }
    const id = await insertIntegrationRequest(tx, { teamId, requestedBy: actor.userId, ...input });
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'integration_request_create',
      resourceType: 'integration_request',
      resourceId: id,
      newValues: { platform: input.platform, urgency: input.urgency },
      metadata: { target: input.platform },
    });
    return readRequest(tx, teamId, id);
  });
}

/** The caller's own most recent requests, newest first: the card shows their answers. */
export async function listOwnIntegrationRequests(db: Database, userId: string): Promise<IntegrationRequestList> {
  const { teamId } = await requireMembership(db, userId);
  const rows = await listIntegrationRequests(db, teamId, {
    requestedBy: userId,
    limit: OWN_INTEGRATION_REQUESTS_LIMIT,
  });
  return { requests: rows.map(toIntegrationRequest), nextCursor: null };
}

function decodeCursor(cursor: string): number {
  const seq = /^\d{1,15}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(seq)) throw AppError.of('INTEGRATION_REQUEST_CURSOR_INVALID');
  return seq;
}

/** Every request of the team, newest first, a page at a time (team admins). */
export async function listTeamIntegrationRequests(
  db: Database,
  userId: string,
  query: IntegrationRequestListQuery,
): Promise<IntegrationRequestList> {
  const membership = await requireMembership(db, userId);
  assertIntegrationRequestReviewer(membership);
  const rows = await listIntegrationRequests(db, membership.teamId, {
    status: query.status,
    beforeSeq: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    limit: INTEGRATION_REQUEST_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, INTEGRATION_REQUEST_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    requests: page.map(toIntegrationRequest),
    nextCursor: rows.length > INTEGRATION_REQUEST_PAGE_SIZE && last ? String(last.seq) : null,
  };
}

/** A team admin marks a request planned or declined, or opens it again; another team's request is not found. */
export async function decideIntegrationRequest(
  db: Database,
  actor: Actor,
  requestId: string,
  status: IntegrationRequestStatus,
): Promise<IntegrationRequest> {
  const membership = await requireMembership(db, actor.userId);
  assertIntegrationRequestReviewer(membership);
  const { teamId } = membership;
  if (!isUuid(requestId)) throw AppError.of('INTEGRATION_REQUEST_NOT_FOUND');
  return db.transaction(async (tx) => {
    const before = await readRequest(tx, teamId, requestId);
    if (!(await updateIntegrationRequestStatus(tx, teamId, requestId, { status, decidedBy: actor.userId }))) {
      throw AppError.of('INTEGRATION_REQUEST_NOT_FOUND');
    }
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'integration_request_decide',
      resourceType: 'integration_request',
      resourceId: requestId,
      oldValues: { status: before.status },
      newValues: { status },
      metadata: { target: before.platform, requester: before.requesterName },
    });
    return readRequest(tx, teamId, requestId);
  });
}
