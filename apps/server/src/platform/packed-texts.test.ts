import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { type DatabaseHandle, packTexts, rowsOf, unpackText } from './db.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('packTexts', () => {
  it('carries every string back out of one byte parameter unchanged, and nulls as nulls', async () => {
    const values = [
      'plain',
      '',
      null,
      'quotes " and \' and backslashes \\ and braces {a,b} and commas, NULL',
      'accents é ü, Chinese 中文, emoji 🙂, a line\nbreak and a tab\t.',
      'x'.repeat(70_000),
      null,
      'last',
    ];
    const packed = packTexts(values);
    const result = await database.db.execute(sql`
      SELECT p.ordinality AS position, ${unpackText(sql`packed.bytes`, sql`p.start`, sql`p.length`)} AS value
      FROM (SELECT ${sql.param(packed.bytes)}::bytea AS bytes) AS packed,
           unnest(${sql.param(packed.starts)}::int[], ${sql.param(packed.lengths)}::int[]) WITH ORDINALITY
             AS p (start, length, ordinality)
      ORDER BY p.ordinality`);
    expect(rowsOf<{ value: string | null }>(result).map((row) => row.value)).toEqual(values);
  });

  it('sends a byte string to the database as its bytes', async () => {
    const bytes = Buffer.from([0, 255, 16, 92, 120]);
    const result = await database.db.execute(
      sql`SELECT ${sql.param(bytes)}::bytea = '\\x00ff105c78'::bytea AS "isEqual", length(${sql.param(bytes)}::bytea) AS n`,
    );
    expect(rowsOf<{ isEqual: boolean; n: number | string }>(result)[0]).toEqual({ isEqual: true, n: 5 });
  });
});
