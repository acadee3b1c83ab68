import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { type Column, getTableName, type SQL, sql, type Table } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';
import { parseBinaryCopy } from './binary-copy.ts';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type DbSchema = typeof schema;
/** The query surface both drivers share; repositories only ever see this. */
export type Database = PgDatabase<PgQueryResultHKT, DbSchema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Whether pgvector is enabled (always on PGlite; on a server only if installed). */
  hasVector: boolean;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PostgreSQL server only: LISTEN on a channel over a dedicated connection (realtime fan-out across instances). A lost
   * connection (the server restarted) is opened again and LISTENs again; `onRelisten` is called then, since what was
   * notified in between never arrived. Resolves with a function that stops listening.
   */
  listen?: (
    channel: string,
    onMessage: (payload: string) => void,
    onRelisten?: () => void,
  ) => Promise<() => Promise<void>>;
  /**
   * Embedded database only: LISTEN on a channel of this process's own database. A notice is handed over while the
   * statement that committed it returns, before its caller goes on (what a trigger notifies is known at once).
   */
  listenHere?: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
}

/**
 * A query prepared once per database handle. On the PostgreSQL server it runs as a named statement, parsed and planned
 * once per connection (a hot list query then costs the server half as much, ADR 0116); PGlite runs its text each
 * time. `name` must be unique to one query text. A transaction's handle prepares its own (the name is the same).
 */
export function preparedPerHandle<Prepared>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const statements = new WeakMap<Database, Prepared>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** A value bound when a prepared query runs, typed as the value it stands for (the access rules take a user id). */
export function placeholderFor<Value>(name: string): Value {
  return sql.placeholder(name) as unknown as Value;
}

/** Whether a database error is a unique-constraint violation (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23505';
}

/** The SQLSTATE of a database error, looking through drizzle's `cause` wrapping. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** SQLSTATEs of a server that is going away or refusing connections (admin/crash shutdown, cannot connect now). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a server that is down or unreachable. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres reports a connection lost mid-query, or a pool that cannot connect in time, by message only. */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error/i;

/**
 * Whether an error means the database cannot be reached right now (down, restarting, unreachable) rather than a
 * mistake in the query: SQLSTATE class 08 (connection exception), 57P01-57P03, a refused or broken socket. Looks
 * through drizzle's `cause` and the `errors` of an AggregateError (a refused connection to every address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 8) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && typeof code !== 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The rows of a raw `db.execute(sql...)` result. Both drivers answer `{ rows }`; the row type is the caller's promise
 * about its own SELECT list, stated once here instead of a cast at every call.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('The database returned no rows array');
  return rows as Row[];
}

/**
 * Schema columns by bare name, comma-separated, for the places raw SQL may not qualify them (an INSERT's column list,
 * ON CONFLICT, SET). Everywhere else raw SQL names a column as `${table.column}`.
 */
export function columnNames(...columns: Column[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  return openPglite(target);
}

/**
 * PGlite's own start parameters, plus a small write-ahead log: PostgreSQL keeps up to `max_wal_size` (1 GB by default)
 * of recycled WAL segments, which made the data folder about three times the database after bulk indexing. With 32 MB
 * a checkpoint runs every 32 MB of WAL and at most that much stays behind (the search maintenance job checkpoints after
 * each indexing burst), so the folder stays near the database's size; the price is more frequent checkpoints, which
 * are cheap with PGlite's fsync off. Segments the log is done with are deleted rather than kept as future ones
 * (`wal_recycle` off), and a new one is made without writing 16 MB of zeros first (`wal_init_zero` off), so after
 * `checkpointEmbeddedDatabase` one segment is left (ADR 0099).
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'max_wal_size=32MB',
  '-c',
  'min_wal_size=32MB',
  '-c',
  'wal_recycle=off',
  '-c',
  'wal_init_zero=off',
];

/** PGlite clients by their top-level drizzle handle (a transaction's handle is not here: its statements must stay in it). */
const pgliteClients = new WeakMap<object, PGlite>();

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Transaction-scoped advisory locks on these keys (hashed), taken in one order, so two transactions that share keys
 * queue rather than deadlock. The locks are released when the transaction ends.
 */
export async function lockKeysForTransaction(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  // OFFSET 0 keeps the planner from folding the ordered subquery into the aggregate (and so losing the order).
  await db.execute(sql`
    SELECT count(pg_advisory_xact_lock(ordered.hash)) FROM (
      SELECT DISTINCT hashtextextended(k.key, 0) AS hash FROM unnest(${sql.param(keys)}::text[]) AS k (key)
      ORDER BY hash
      OFFSET 0
    ) AS ordered`);
}

/**
 * A checkpoint of the embedded database that leaves one WAL segment behind (ADR 0099). The log first moves to a new
 * segment, so every older one lies before the checkpoint's redo point and is removed; with `wal_recycle` off it is
 * deleted rather than renamed ahead as a future segment (which kept a second 16 MB file).
 */
export async function checkpointEmbeddedDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT pg_switch_wal()`);
  await db.execute(sql`CHECKPOINT`);
}

/** Whether this is the embedded database's top-level handle (not a transaction's, nor a server's). */
export function isPgliteHandle(db: Database): boolean {
  return pgliteClients.has(db);
}

/**
 * One `bytea` column of the rows with these integer ids, as raw bytes by id (rows gone meanwhile are absent), where
 * `isPgliteHandle` says so (elsewhere the caller reads the bytes in its own statement). On PGlite a binary COPY into a blob
 * hands over the bytes themselves; its text output (hex, or base64 from encode()) costs about three times as much for
 * megabytes (ADR 0094). Only PGlite's top-level handle can: COPY takes no parameters (the ids are checked integers) and
 * a transaction's statements must not leave it.
 */
export async function copyByteaById(
  db: Database,
  table: Table,
  idColumn: Column,
  bytesColumn: Column,
  ids: readonly number[],
): Promise<Map<number, Buffer>> {
  const client = pgliteClients.get(db);
  if (!client) throw new Error('This database handle cannot copy bytea (see isPgliteHandle)');
  const bytes = new Map<number, Buffer>();
  if (ids.length === 0) return bytes;
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`Not a row id: ${id}`);
  const result = await client.query(
    `COPY (SELECT ${quoteIdentifier(idColumn.name)}, ${quoteIdentifier(bytesColumn.name)} FROM ${quoteIdentifier(getTableName(table))} WHERE ${quoteIdentifier(idColumn.name)} IN (${ids.join(',')})) TO '/dev/blob' WITH (FORMAT binary)`,
  );
  if (!result.blob) throw new Error('PGlite returned no blob for a COPY to /dev/blob');
  for (const [id, value] of parseBinaryCopy(Buffer.from(await result.blob.arrayBuffer()))) {
    if (!id || !value) continue;
    bytes.set(id.length === 8 ? Number(id.readBigInt64BE(0)) : id.readInt32BE(0), value);
  }
  return bytes;
}

/** PGlite's bind step sends a typed array as binary; its serializer type says string, hence the cast. */
const passBytesThrough = ((value: Uint8Array) => value) as unknown as (value: unknown) => string;

/** Strings packed as one byte string (`packTexts`). */
export interface PackedTexts {
  bytes: Buffer;
  starts: number[];
  lengths: number[];
}

/**
 * Many strings as one parameter: their UTF-8 bytes end to end, with each one's start (1-based) and byte length (-1
 * for a null), read back with `unpackText`. A text[] parameter is spelled as an array literal, each string quoted
 * and escaped, then measured character by character by the embedded database's driver: for the megabytes of passages
 * an indexing statement takes, that cost seconds of the one thread (ADR 0098); bytes are copied as they are.
 */
export function packTexts(values: ReadonlyArray<string | null>): PackedTexts {
  const lengths = values.map((value) => (value === null ? -1 : Buffer.byteLength(value, 'utf8')));
  const bytes = Buffer.allocUnsafe(lengths.reduce((total, length) => total + Math.max(length, 0), 0));
  const starts: number[] = new Array(values.length);
  let offset = 0;
  values.forEach((value, index) => {
    starts[index] = offset + 1;
    if (value !== null) offset += bytes.write(value, offset, 'utf8');
  });
  return { bytes, starts, lengths };
}

/** The text at `start` (1-based) of `length` bytes of packed texts (`packTexts`); null where the length is -1. */
export function unpackText(bytes: SQL, start: SQL, length: SQL): SQL {
  return sql`CASE WHEN ${length} < 0 THEN NULL ELSE convert_from(substring(${bytes} FROM ${start} FOR ${length}), 'UTF8') END`;
}

/** The template databases PostgreSQL's initdb makes beside `postgres`, where the app's data lives. */
const TEMPLATE_DATABASES = ['template0', 'template1'];

/**
 * Drops the template databases (7.2 MB each) from an embedded database. They serve only CREATE DATABASE, which one
 * process's embedded database never runs, and they were a fifth of the data folder of a 5,000-document install
 * (ADR 0099). A data folder without them opens, dumps and loads as before; this does nothing on a folder already
 * without them, and DROP DATABASE left half-done by a crash is finished on the next start.
 */
export async function dropTemplateDatabases(client: PGlite): Promise<void> {
  const present = await client.query<{ name: string }>(
    'SELECT datname AS name FROM pg_database WHERE datname = ANY ($1::text[])',
    [TEMPLATE_DATABASES],
  );
  if (present.rows.length === 0) return;
  // A template database cannot be dropped; DROP DATABASE runs outside a transaction, so one statement each.
  await client.query('UPDATE pg_database SET datistemplate = false WHERE datname = ANY ($1::text[])', [
    TEMPLATE_DATABASES,
  ]);
  for (const { name } of present.rows) await client.exec(`DROP DATABASE ${quoteIdentifier(name)}`);
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob | File }): Promise<DatabaseHandle> {
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite({
    startParams: PGLITE_START_PARAMS,
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { vector, pg_trgm },
    // A byte string goes to the database as it is, in binary format (like node-postgres sends a Buffer). PGlite's own
    // serializer spells it out in hex, a JavaScript loop over every byte: megabytes of passages cost seconds (ADR 0098).
    serializers: { [pgliteTypes.BYTEA]: passBytesThrough },
  });
  await client.waitReady;
  await client.exec('CREATE EXTENSION IF NOT EXISTS vector; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
  await dropTemplateDatabases(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  pgliteClients.set(db, client);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    hasVector: true,
    ping: () => ping(db as unknown as Database),
    close: async () => {
      if (!client.closed) await client.close();
    },
    listenHere: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** The advisory lock instances take while they set the database up (any fixed number of Lumen's own). */
const SETUP_LOCK_KEY = 7_345_100_001;

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a failover, DROP DATABASE ... FORCE in tests) is removed from the
  // pool and replaced by the next query. Without a listener, node-postgres re-emits it as an unhandled 'error' event,
  // which would end the process.
  pool.on('error', () => {});
  const db = drizzlePostgres(pool, { schema });
  // Instances starting together on one server take turns: the first creates the extensions and migrates, the others
  // then find it done (two migrations at once collide on the catalog). A session lock on a connection of its own.
  const setup = await pool.connect();
  let names: Set<string>;
  try {
    await setup.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    // pgvector and pg_trgm are optional on a server: enable what is installed, run without the rest.
    const available = await setup.query<{ name: string }>(
      "SELECT name FROM pg_available_extensions WHERE name IN ('vector', 'pg_trgm')",
    );
    names = new Set(available.rows.map((row) => row.name));
    for (const name of names) await setup.query(`CREATE EXTENSION IF NOT EXISTS ${name}`);
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await setup.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => undefined);
    setup.release();
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    hasVector: names.has('vector'),
    ping: () => ping(db as unknown as Database),
    close: () => pool.end(),
    listen: async (channel, onMessage, onRelisten) => {
      let client: pg.Client | null = null;
      let hasListened = false;
      let isStopped = false;
      let retry: NodeJS.Timeout | null = null;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        // A lost connection only pauses the fan-out (requests keep working through the pool): listen again.
        next.on('error', () => {});
        next.on('end', () => {
          if (client === next) reconnectLater(1000);
        });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload) onMessage(message.payload);
        });
        client = next;
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (hasListened) onRelisten?.();
        hasListened = true;
      };
      const reconnectLater = (delayMs: number): void => {
        client = null;
        if (isStopped || retry) return;
        retry = setTimeout(() => {
          retry = null;
          if (isStopped) return;
          connect().catch(() => {
            const failed = client;
            client = null;
            void failed?.end().catch(() => {});
            reconnectLater(Math.min(delayMs * 2, 10_000));
          });
        }, delayMs);
        retry.unref();
      };
      await connect();
      return async () => {
        isStopped = true;
        if (retry) clearTimeout(retry);
        const current = client;
        client = null;
        await current?.end().catch(() => {});
      };
    },
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Decorates `app.database`; the handle is opened by the caller (main or a test) and closed with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { handle: DatabaseHandle }) => {
    app.decorate('database', options.handle);
    app.addHook('onClose', async () => {
      await options.handle.close();
    });
  },
  { name: 'database' },
);
