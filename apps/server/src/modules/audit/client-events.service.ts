import { type ClientEventBatch, maskClientText } from '@lumen/contract';
import { clientEvents } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { findMembership } from '../access/index.ts';
import { dayOfTime, recordActivity } from './rollups.ts';

/** A client's clock is trusted within these bounds; outside them the time of receipt stands in. */
const MAX_PAST_MS = 24 * 60 * 60 * 1000;
const MAX_FUTURE_MS = 5 * 60 * 1000;

/**
 * POST /api/client-events: stores a batch the web app sends (page visits, clicks, errors) for the sender and their team,
 * apart from the tamper-evident log. What could name someone is masked again here, whatever the client did.
 */
export async function recordClientEvents(db: Database, userId: string, batch: ClientEventBatch): Promise<number> {
  const membership = await findMembership(db, userId);
  const now = Date.now();
  const rows = batch.events.map((event) => {
    const at = Date.parse(event.at);
    const isPlausible = at >= now - MAX_PAST_MS && at <= now + MAX_FUTURE_MS;
    return {
      teamId: membership?.teamId ?? null,
      userId,
      type: event.type,
      route: maskClientText(event.route, 200),
      element: event.element ?? null,
      target: event.target ? maskClientText(event.target, 100) : null,
      errorName: event.errorName ? maskClientText(event.errorName, 100) : null,
      errorMessage: event.errorMessage ? maskClientText(event.errorMessage) : null,
      occurredAt: new Date(isPlausible ? at : now),
    };
  });
  await db.transaction(async (tx) => {
    await tx.insert(clientEvents).values(rows);
    // The sender was active today (the analytics' daily rollup).
    if (membership) await recordActivity(tx, [{ teamId: membership.teamId, day: dayOfTime(new Date()), userId }]);
  });
  return rows.length;
}
