import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { type Database, lockKeysForTransaction, rowsOf } from '../../platform/db.ts';
import { type DocumentArea, searchScopeIds, TEAM_ROOM_AREA } from './document-access.ts';

/**
 * The search scopes rule compiled once into a database function (ADR 0101). Planning the rule's subquery cost the
 * embedded database about 1.5-3 ms of every search, more than running it; a PL/pgSQL function keeps its query's plan
 * for the session. The function's body is `searchScopeIds` itself, rendered with the user (and the space) as the
 * function's arguments: the rule keeps one definition, and its function is named by a hash of its body, so a changed
 * rule makes a new function rather than changing one another version of the app still calls.
 */

/** Stand-ins for the arguments while rendering: a NUL never occurs in a PostgreSQL text, so in no real value. */
const USER_ARGUMENT = '\u0000user';
const SPACE_ARGUMENT = '\u0000space';

const dialect = new PgDialect();

/** A value of the rule (a role name, a flag) as a SQL literal. */
function literal(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`The search scopes rule holds a value that cannot be written into its function: ${typeof value}`);
}

interface ScopeFunction {
  name: string;
  create: string;
}

type AreaKind = 'everywhere' | 'inSpace' | 'inTeamRoom';

function kindOf(area: DocumentArea): AreaKind {
  if (!area) return 'everywhere';
  return 'isTeamRoom' in area ? 'inTeamRoom' : 'inSpace';
}

function compile(kind: AreaKind): ScopeFunction {
  const area: DocumentArea =
    kind === 'inSpace' ? { spaceId: SPACE_ARGUMENT } : kind === 'inTeamRoom' ? TEAM_ROOM_AREA : null;
  const rendered = dialect.sqlToQuery(searchScopeIds(USER_ARGUMENT, area));
  const body = rendered.sql.replace(/\$(\d+)/g, (_, position: string) => {
    const value = rendered.params[Number(position) - 1];
    if (value === USER_ARGUMENT) return 'p_user';
    if (value === SPACE_ARGUMENT) return 'p_space';
    return literal(value);
  });
  const name = `lumen_search_scopes_${createHash('sha256').update(body).digest('hex').slice(0, 16)}`;
  const parameters = kind === 'inSpace' ? 'p_user text, p_space uuid' : 'p_user text';
  return {
    name,
    create: `CREATE OR REPLACE FUNCTION ${name}(${parameters}) RETURNS SETOF bigint LANGUAGE plpgsql STABLE ROWS 10 AS $rule$ BEGIN RETURN QUERY SELECT scope.id::bigint FROM ${body} AS scope; END $rule$`,
  };
}

let compiled: Record<AreaKind, ScopeFunction> | null = null;

function scopeFunctions() {
  compiled ??= { everywhere: compile('everywhere'), inSpace: compile('inSpace'), inTeamRoom: compile('inTeamRoom') };
  return compiled;
}

/** Whether each top-level handle has the functions (false: making them failed, the inline rule serves). */
const installed = new WeakMap<object, Promise<boolean>>();

async function install(db: Database): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      // Instances starting together queue here instead of racing on the same catalog rows.
      await lockKeysForTransaction(tx, ['search-scope-functions']);
      for (const scopeFunction of Object.values(scopeFunctions())) {
        const [found] = rowsOf<{ isPresent: boolean }>(
          await tx.execute(sql`SELECT to_regproc(${scopeFunction.name}) IS NOT NULL AS "isPresent"`),
        );
        if (!found?.isPresent) await tx.execute(sql.raw(scopeFunction.create));
      }
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The ids of the search scopes holding documents the user may view within the area (`searchScopeIds`), as a FROM item
 * with one column, `id`: a call of the rule's function where the handle has it (made on first use), the rule's
 * subquery otherwise (inside a transaction, or where the database refused the function).
 */
export async function searchScopeIdsSource(db: Database, userId: string, area: DocumentArea): Promise<SQL> {
  if (!(db instanceof PgTransaction)) {
    let isInstalled = installed.get(db);
    if (!isInstalled) {
      isInstalled = install(db);
      installed.set(db, isInstalled);
    }
    if (await isInstalled) {
      const scopeFunction = scopeFunctions()[kindOf(area)];
      return area && 'spaceId' in area
        ? sql`${sql.raw(scopeFunction.name)}(${userId}::text, ${area.spaceId}::uuid) AS scope (id)`
        : sql`${sql.raw(scopeFunction.name)}(${userId}::text) AS scope (id)`;
    }
  }
  return sql`${searchScopeIds(userId, area)} AS scope (id)`;
}
