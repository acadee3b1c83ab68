import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../platform/db.ts';
import { createNoticeCache, type NoticeCache } from '../../platform/notice-cache.ts';
import type { TeamMembership } from './access.repository.ts';

/** How long a looked-up membership is trusted without asking the database again (ADR 0115). */
export const MEMBERSHIP_CACHE_TTL_MS = 30_000;
/** Memberships kept at most; the least recently used goes first. */
export const MEMBERSHIP_CACHE_MAX_ENTRIES = 10_000;

/** A member whose role changed or who left (by user), or every member of a team (a team renamed or gone). */
export type MembershipChange = { userId: string } | { teamId: string };

export type MembershipCache = NoticeCache<TeamMembership, MembershipChange>;

/**
 * Users' team and role by user id. Only memberships are kept, never "no team": joining a team needs no notice. A role
 * change or a removal forgets the member here and, through NOTIFY, on every other instance.
 */
export function createMembershipCache(options: { ttlMs?: number; now?: () => number } = {}): MembershipCache {
  return createNoticeCache<TeamMembership, MembershipChange>({
    channel: 'lumen_memberships',
    label: 'membership',
    ttlMs: options.ttlMs ?? MEMBERSHIP_CACHE_TTL_MS,
    maxEntries: MEMBERSHIP_CACHE_MAX_ENTRIES,
    isForgottenBy: (userId, membership, change) =>
      'userId' in change ? userId === change.userId : membership.teamId === change.teamId,
    ...(options.now ? { now: options.now } : {}),
  });
}

/**
 * The cache of each app's top-level database handle. A transaction's handle has none: what a transaction reads
 * (under its locks) comes from the database.
 */
const caches = new WeakMap<Database, MembershipCache>();

export function membershipCacheOf(db: Database): MembershipCache | undefined {
  return caches.get(db);
}

/** Forgets memberships after a committed change (call it with the top-level handle, after the transaction). */
export async function forgetMemberships(db: Database, change: MembershipChange): Promise<void> {
  await caches.get(db)?.forget(change);
}

/** Gives the app's database a membership cache, connected to the other instances while the app runs. */
export const membershipCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = createMembershipCache();
    caches.set(app.database.db, cache);
    const stopListening = await cache.connect(app.database, app.log);
    app.addHook('onClose', async () => {
      await stopListening();
      caches.delete(app.database.db);
    });
  },
  { name: 'membership-cache', dependencies: ['database'] },
);
