import { NO_FILE_PERMISSIONS, ROLES, type Role, SPACE_FILE_PERMISSIONS } from '@lumen/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectionAccessGroups,
  connections,
  documents,
  sharedFiles,
  spaceMembers,
  spaces,
  teams,
  userRoles,
} from '../../db/schema/index.ts';
import { type Database, type DatabaseHandle, rowsOf } from '../../platform/db.ts';
import { insertUserRow, openTestDatabase } from '../../test/test-database.ts';
import { insertIndexedChunks, readIndexedPostings } from '../search/index.ts';
import {
  canReadInTeamRoom,
  canViewDocument,
  canViewSharedFile,
  canViewSpace,
  type DocumentArea,
  requireSpaceAccess,
  type SpaceViewerFacts,
  searchScopeIds,
  searchScopeIdsSource,
  spaceFilePermissions,
  TEAM_ROOM_AREA,
  viewableSpacesCondition,
  visibleDocumentsCondition,
  visibleSharedFilesCondition,
} from './index.ts';

/**
 * Every access rule that exists both as a TypeScript check and as a SQL condition gives the same answer, over the
 * whole grid: team role (admin, team lead, employee, viewer, another team's member, no team) x space role (none or
 * each role) x private/public space x own/other documents and shares; and search reads every document the rule lets a
 * user view through the user's search scopes. It runs on PGlite and, with DATABASE_URL, on the PostgreSQL server.
 */

type TeamCase = Role | 'other-team' | 'no-team';
const TEAM_CASES: TeamCase[] = [...ROLES, 'other-team', 'no-team'];
const SPACE_ROLES: (Role | null)[] = [null, ...ROLES];

interface Viewer {
  userId: string;
  email: string;
  teamCase: TeamCase;
  spaceRole: Role | null;
  /** The access groups (ADR 0103) the viewer's own Slack connection holds. */
  accessGroups: string[];
}

/** A Slack channel every other viewer's connection is a member of, and one nobody's is. */
const MEMBER_CHANNEL = 'slack:t1:c-general';
const CLOSED_CHANNEL = 'slack:t1:c-closed';

interface SpaceCase {
  id: string;
  isPrivate: boolean;
}

let handle: DatabaseHandle;
let db: Database;
let teamA: string;
let teamB: string;
let creatorId: string;
const viewers: Viewer[] = [];
const spaceCases: SpaceCase[] = [];

async function insertUser(label: string): Promise<string> {
  return (await insertUserWithEmail(label)).id;
}

async function insertUserWithEmail(label: string): Promise<{ id: string; email: string }> {
  return insertUserRow(db, label, 'grid.test');
}

function teamIdOf(viewer: Viewer): string | null {
  if (viewer.teamCase === 'no-team') return null;
  return viewer.teamCase === 'other-team' ? teamB : teamA;
}

function teamRoleOf(viewer: Viewer): Role | null {
  return viewer.teamCase === 'other-team' || viewer.teamCase === 'no-team' ? null : viewer.teamCase;
}

function spaceFactsOf(viewer: Viewer, space: SpaceCase): SpaceViewerFacts {
  return { teamRole: teamRoleOf(viewer), spaceRole: viewer.spaceRole, isPrivate: space.isPrivate };
}

/** Every area a read may look in: everywhere, the team room, each space. */
function allAreas(): DocumentArea[] {
  return [null, TEAM_ROOM_AREA, ...spaceCases.map((space) => ({ spaceId: space.id }))];
}

function describeArea(area: DocumentArea): string {
  if (!area) return 'everywhere';
  return 'spaceId' in area ? `space ${area.spaceId}` : 'team room';
}

/** The product's rule stated plainly, as the oracle both forms must match. */
function isExpectedToSeeSpace(viewer: Viewer, space: SpaceCase): boolean {
  const teamRole = teamRoleOf(viewer);
  if (teamRole === null) return false;
  return teamRole === 'admin' || !space.isPrivate || viewer.spaceRole !== null;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  const [a] = await db.insert(teams).values({ name: 'Grid A' }).returning({ id: teams.id });
  const [b] = await db.insert(teams).values({ name: 'Grid B' }).returning({ id: teams.id });
  if (!a || !b) throw new Error('teams not created');
  teamA = a.id;
  teamB = b.id;
  creatorId = await insertUser('creator');
  await db.insert(userRoles).values({ userId: creatorId, teamId: teamA, role: 'admin' });
  for (const isPrivate of [true, false]) {
    const [space] = await db
      .insert(spaces)
      .values({ teamId: teamA, name: `S ${isPrivate}`, slug: `s-${isPrivate}`, isPrivate, createdBy: creatorId })
      .returning({ id: spaces.id });
    if (!space) throw new Error('space not created');
    spaceCases.push({ id: space.id, isPrivate });
  }
  for (const teamCase of TEAM_CASES) {
    for (const spaceRole of SPACE_ROLES) {
      const { id: userId, email } = await insertUserWithEmail(`${teamCase}-${spaceRole ?? 'none'}`);
      if (teamCase === 'other-team') await db.insert(userRoles).values({ userId, teamId: b.id, role: 'employee' });
      else if (teamCase !== 'no-team') await db.insert(userRoles).values({ userId, teamId: teamA, role: teamCase });
      if (spaceRole) {
        for (const space of spaceCases) {
          await db.insert(spaceMembers).values({ spaceId: space.id, userId, role: spaceRole, addedBy: creatorId });
        }
      }
      const accessGroups = viewers.length % 2 === 0 ? [MEMBER_CHANNEL, 'slack:t1:c-other'] : [];
      if (accessGroups.length > 0) {
        const [connection] = await db
          .insert(connections)
          .values({ userId, teamId: null, provider: 'slack', accountId: `t1:${userId}` })
          .returning({ id: connections.id });
        await db
          .insert(connectionAccessGroups)
          .values(accessGroups.map((groupKey) => ({ connectionId: connection?.id ?? '', userId, groupKey })));
      }
      viewers.push({ userId, email, teamCase, spaceRole, accessGroups });
    }
  }
  // Documents: each viewer's own upload, their own file in each space; the creator's upload and file in each space.
  for (const ownerId of [creatorId, ...viewers.map((viewer) => viewer.userId)]) {
    await db.insert(documents).values({ source: 'upload', ownerId, title: `own ${ownerId}` });
    for (const space of spaceCases) {
      await db
        .insert(documents)
        .values({ source: 'space', ownerId, teamId: teamA, spaceId: space.id, title: 'in space' });
    }
  }
  // Synced documents (connectors): the creator's, synced in team A, shared at the source with each viewer, with
  // nobody, and with everyone; one synced without a team, shared with everyone; and one of team B's, shared with all.
  const everyone = viewers.map((viewer) => viewer.email);
  for (const viewer of viewers) {
    await db.insert(documents).values({
      source: 'google-drive',
      ownerId: creatorId,
      teamId: teamA,
      externalId: `shared-with-${viewer.userId}`,
      title: 'synced, shared with one',
      sharedWith: [viewer.email],
    });
  }
  const otherOwner = await insertUser('team-b-owner');
  await db.insert(userRoles).values({ userId: otherOwner, teamId: b.id, role: 'employee' });
  await db.insert(documents).values([
    { source: 'dropbox', ownerId: creatorId, teamId: teamA, externalId: 'private', title: 'synced, not shared' },
    { source: 'dropbox', ownerId: creatorId, teamId: teamA, externalId: 'all', title: 'all', sharedWith: everyone },
    {
      source: 'slack',
      ownerId: creatorId,
      teamId: teamA,
      externalId: 'c1/day',
      title: 'channel',
      sharedWith: [MEMBER_CHANNEL],
    },
    {
      source: 'slack',
      ownerId: creatorId,
      teamId: teamA,
      externalId: 'c2/day',
      title: 'closed',
      sharedWith: [CLOSED_CHANNEL],
    },
    {
      source: 'slack',
      ownerId: otherOwner,
      teamId: b.id,
      externalId: 'c1/day',
      title: 'B',
      sharedWith: [MEMBER_CHANNEL],
    },
    {
      source: 'onedrive',
      ownerId: creatorId,
      teamId: null,
      externalId: 'no-team',
      title: 'no team',
      sharedWith: everyone,
    },
    {
      source: 'onedrive',
      ownerId: otherOwner,
      teamId: b.id,
      externalId: 'team-b',
      title: 'team B',
      sharedWith: everyone,
    },
  ]);
  // Every document indexed with one passage, so its postings carry its search scope.
  const stored = await db.select({ id: documents.id, title: documents.title }).from(documents);
  await insertIndexedChunks(
    db,
    stored.map((document) => ({ documentId: document.id, ordinal: 0, page: null, text: 'grid passage' })),
    new Map(stored.map((document) => [document.id, document.title])),
  );
  // Shares of team A: with the whole team, with each space, and with / by each viewer.
  await db.insert(sharedFiles).values({ teamId: teamA, title: 'team', url: 'https://x.test', sharedBy: creatorId });
  for (const space of spaceCases) {
    await db
      .insert(sharedFiles)
      .values({ teamId: teamA, title: 'space', url: 'https://x.test', sharedBy: creatorId, spaceId: space.id });
  }
  for (const viewer of viewers) {
    await db.insert(sharedFiles).values([
      { teamId: teamA, title: 'to', url: 'https://x.test', sharedBy: creatorId, sharedWithUserId: viewer.userId },
      { teamId: teamA, title: 'by', url: 'https://x.test', sharedBy: viewer.userId },
    ]);
  }
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('access rules: TypeScript and SQL agree over the grid', () => {
  it('builds the whole grid', () => {
    expect(viewers).toHaveLength(TEAM_CASES.length * SPACE_ROLES.length);
    expect(spaceCases).toHaveLength(2);
  });

  it('space visibility: the rule, the SQL condition and requireSpaceAccess give the same answer', async () => {
    for (const viewer of viewers) {
      const rows = await db
        .select({ id: spaces.id })
        .from(spaces)
        .where(and(inArray(spaces.teamId, [teamA]), viewableSpacesCondition(viewer.userId)));
      const visibleInSql = new Set(rows.map((row) => row.id));
      for (const space of spaceCases) {
        const facts = spaceFactsOf(viewer, space);
        const expected = isExpectedToSeeSpace(viewer, space);
        const where = `${viewer.teamCase} / space role ${viewer.spaceRole ?? 'none'} / ${space.isPrivate ? 'private' : 'public'}`;
        expect(canViewSpace.holds(facts), where).toBe(expected);
        expect(visibleInSql.has(space.id), where).toBe(expected);
        const access = await requireSpaceAccess(db, viewer.userId, { id: space.id }).catch(() => null);
        expect(access !== null, where).toBe(expected);
        if (access) expect(access.permissions, where).toEqual(spaceFilePermissions(facts));
      }
    }
  });

  it('the space file matrix: team admins act as admin, members by their role, others may only look at public spaces', () => {
    for (const viewer of viewers) {
      for (const space of spaceCases) {
        const permissions = spaceFilePermissions(spaceFactsOf(viewer, space));
        const teamRole = teamRoleOf(viewer);
        if (!isExpectedToSeeSpace(viewer, space)) expect(permissions.canView).toBe(false);
        else if (teamRole === 'admin') expect(permissions).toEqual(SPACE_FILE_PERMISSIONS.admin);
        else if (viewer.spaceRole) expect(permissions).toEqual(SPACE_FILE_PERMISSIONS[viewer.spaceRole]);
        else expect(permissions).toEqual({ ...NO_FILE_PERMISSIONS, canView: true });
      }
    }
  });

  it('document visibility: own uploads, synced files shared with a teammate, the files of viewable spaces', async () => {
    const allDocuments = await db
      .select({
        id: documents.id,
        ownerId: documents.ownerId,
        spaceId: documents.spaceId,
        teamId: documents.teamId,
        sharedWith: documents.sharedWith,
      })
      .from(documents);
    expect(allDocuments.filter((document) => document.sharedWith.length > 0).length).toBe(viewers.length + 6);
    for (const viewer of viewers) {
      const rows = await db
        .select({ id: documents.id })
        .from(documents)
        .where(visibleDocumentsCondition(viewer.userId));
      const visibleInSql = new Set(rows.map((row) => row.id));
      for (const document of allDocuments) {
        const space = spaceCases.find((candidate) => candidate.id === document.spaceId) ?? null;
        const isSharedWithTeammate =
          document.teamId !== null &&
          document.teamId === teamIdOf(viewer) &&
          (document.sharedWith.includes(viewer.email) ||
            viewer.accessGroups.some((group) => document.sharedWith.includes(group)));
        const facts = {
          isOwner: document.ownerId === viewer.userId,
          isSharedWithTeammate,
          space: space ? spaceFactsOf(viewer, space) : null,
        };
        // Shared at the source only counts for a member of the document's team (not another team's, not no team).
        const expected = space ? isExpectedToSeeSpace(viewer, space) : facts.isOwner || isSharedWithTeammate;
        const where = `${viewer.teamCase} / ${document.id}`;
        expect(canViewDocument.holds(facts), where).toBe(expected);
        expect(visibleInSql.has(document.id), where).toBe(expected);
      }
    }
  });

  it('the space chat reads only its own space, within the same rule', async () => {
    for (const viewer of viewers) {
      for (const space of spaceCases) {
        const rows = await db
          .select({ spaceId: documents.spaceId })
          .from(documents)
          .where(visibleDocumentsCondition(viewer.userId, { spaceId: space.id }));
        expect(rows.every((row) => row.spaceId === space.id)).toBe(true);
        expect(rows.length > 0).toBe(isExpectedToSeeSpace(viewer, space));
      }
    }
  });

  it("the team room reads only the team's public spaces' files, the same for every member, in both forms", async () => {
    const allDocuments = await db
      .select({ id: documents.id, ownerId: documents.ownerId, spaceId: documents.spaceId })
      .from(documents);
    for (const viewer of viewers) {
      const rows = await db
        .select({ id: documents.id })
        .from(documents)
        .where(visibleDocumentsCondition(viewer.userId, TEAM_ROOM_AREA));
      const readInSql = new Set(rows.map((row) => row.id));
      for (const document of allDocuments) {
        const space = spaceCases.find((candidate) => candidate.id === document.spaceId) ?? null;
        const facts = {
          isOwner: document.ownerId === viewer.userId,
          isSharedWithTeammate: false,
          space: space ? spaceFactsOf(viewer, space) : null,
        };
        // Not a member's own files, nor a private space's even for its members and team admins.
        const expected = space !== null && !space.isPrivate && teamRoleOf(viewer) !== null;
        const where = `${viewer.teamCase} / space role ${viewer.spaceRole ?? 'none'} / ${document.id}`;
        expect(canReadInTeamRoom.holds(facts), where).toBe(expected);
        expect(readInSql.has(document.id), where).toBe(expected);
      }
    }
  });

  it("search scopes: every document a user may view is indexed in one of the user's scopes, and nothing else", async () => {
    const documentsReachedThroughScopes = async (userId: string, area: DocumentArea): Promise<Set<string>> => {
      const scopes = await db.execute(sql`SELECT id FROM ${searchScopeIds(userId, area)} AS scope`);
      const scopeIds = new Set(rowsOf<{ id: number | string }>(scopes).map((row) => Number(row.id)));
      const chunkIds = [
        ...new Set(
          (await readIndexedPostings(db))
            .filter((posting) => scopeIds.has(posting.scopeId))
            .map((posting) => posting.chunkId),
        ),
      ];
      const result = await db.execute(
        sql`SELECT DISTINCT document_id AS id FROM chunks WHERE id = ANY(${sql.param(chunkIds)}::bigint[])`,
      );
      return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
    };
    for (const viewer of viewers) {
      for (const area of allAreas()) {
        const rows = await db
          .select({ id: documents.id })
          .from(documents)
          .where(visibleDocumentsCondition(viewer.userId, area));
        const visible = rows.map((row) => row.id).sort();
        const reached = await documentsReachedThroughScopes(viewer.userId, area);
        const where = `${viewer.teamCase} / space role ${viewer.spaceRole ?? 'none'} / ${describeArea(area)}`;
        // The superset property search relies on: every visible document's postings are in a scope it reads.
        expect(
          visible.filter((id) => !reached.has(id)),
          where,
        ).toEqual([]);
        // And today's scopes are exact (the rule is read over the scopes themselves), so no other posting is read.
        expect([...reached].sort(), where).toEqual(visible);
      }
    }
  });

  it("search scopes: the rule's database function gives the same scopes as the rule's subquery", async () => {
    const dialect = new PgDialect();
    const idsOf = async (source: SQL) =>
      rowsOf<{ id: number | string }>(await db.execute(sql`SELECT id FROM ${source}`))
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
    for (const viewer of viewers) {
      for (const area of allAreas()) {
        const source = await searchScopeIdsSource(db, viewer.userId, area);
        expect(dialect.sqlToQuery(source).sql).toMatch(/^lumen_search_scopes_[0-9a-f]{16}\(/);
        const where = `${viewer.teamCase} / space role ${viewer.spaceRole ?? 'none'} / ${describeArea(area)}`;
        expect(await idsOf(source), where).toEqual(
          await idsOf(sql`${searchScopeIds(viewer.userId, area)} AS scope (id)`),
        );
      }
    }
    // Inside a transaction the rule's subquery serves (a transaction must not make functions on the side).
    await db.transaction(async (tx) => {
      const source = await searchScopeIdsSource(tx, viewers[0]?.userId ?? '', null);
      expect(dialect.sqlToQuery(source).sql).not.toContain('lumen_search_scopes_');
    });
  });

  it('shared files: team-wide, to me, by me and to a viewable space, in both forms', async () => {
    const allShares = await db
      .select({
        id: sharedFiles.id,
        sharedBy: sharedFiles.sharedBy,
        sharedWithUserId: sharedFiles.sharedWithUserId,
        spaceId: sharedFiles.spaceId,
      })
      .from(sharedFiles)
      .where(eq(sharedFiles.teamId, teamA));
    for (const viewer of viewers) {
      const rows = await db
        .select({ id: sharedFiles.id })
        .from(sharedFiles)
        .where(and(eq(sharedFiles.teamId, teamA), visibleSharedFilesCondition(viewer.userId)));
      const visibleInSql = new Set(rows.map((row) => row.id));
      for (const share of allShares) {
        const space = spaceCases.find((candidate) => candidate.id === share.spaceId) ?? null;
        const facts = {
          isRecipient: share.sharedWithUserId === viewer.userId,
          isSharer: share.sharedBy === viewer.userId,
          hasRecipient: share.sharedWithUserId !== null,
          space: space ? spaceFactsOf(viewer, space) : null,
        };
        const expected =
          facts.isRecipient ||
          facts.isSharer ||
          (!facts.hasRecipient && !space) ||
          (space !== null && isExpectedToSeeSpace(viewer, space));
        expect(canViewSharedFile.holds(facts)).toBe(expected);
        expect(visibleInSql.has(share.id)).toBe(expected);
      }
    }
  });
});
