import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../platform/db.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { lexemesOfWords } from './search.repository.ts';
import { analyseWords } from './word-analysis.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The database handle, counting the statements sent through it. */
function countingStatements(db: Database): { db: Database; count(): number } {
  let statements = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        statements += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db: counted, count: () => statements };
}

describe('analyseWords', () => {
  it('gives each word the lexemes the database gives it, and asks again only for words it has not seen', async () => {
    const words = ['running', 'mice', 'the', 'antibodies', 'zzyzx-unheard'];
    const expected = await lexemesOfWords(database.db, words);
    const first = countingStatements(database.db);
    expect(await analyseWords(first.db, words)).toEqual(expected);
    expect(first.count()).toBe(1);

    const second = countingStatements(database.db);
    expect(await analyseWords(second.db, words)).toEqual(expected);
    expect(second.count()).toBe(0);

    const third = countingStatements(database.db);
    const more = await analyseWords(third.db, ['running', 'proteins']);
    expect(third.count()).toBe(1);
    expect(more).toEqual(await lexemesOfWords(database.db, ['running', 'proteins']));
    // A stop word has no lexemes, and that is remembered too.
    expect(more.get('running')).toEqual(['run']);
    expect(expected.get('the')).toEqual([]);
  });
});
