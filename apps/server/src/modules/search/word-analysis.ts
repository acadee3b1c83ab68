import type { Database } from '../../platform/db.ts';
import { lexemesOfWords } from './search.repository.ts';

/** How many words' analyses are kept (about 100 bytes each). */
const MAX_WORDS = 50_000;

/**
 * Words' lexemes by word, least recently used first out. A word's analysis by the english configuration never changes
 * (same stemmer and stop words on PGlite and the server), and the words of the passages a search shows recur from one
 * search to the next; asking the database costs a statement of 1-3 ms on the embedded database.
 */
const analysed = new Map<string, string[]>();

/** The lexemes of each word, from memory where known, the rest from the database in one statement. */
export async function analyseWords(db: Database, words: Iterable<string>): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const word of words) {
    const lexemes = analysed.get(word);
    if (lexemes === undefined) {
      unknown.push(word);
      continue;
    }
    found.set(word, lexemes);
    // Used again: to the back of the eviction order.
    analysed.delete(word);
    analysed.set(word, lexemes);
  }
  if (unknown.length === 0) return found;
  for (const [word, lexemes] of await lexemesOfWords(db, unknown)) {
    found.set(word, lexemes);
    analysed.set(word, lexemes);
  }
  for (const oldest of analysed.keys()) {
    if (analysed.size <= MAX_WORDS) break;
    analysed.delete(oldest);
  }
  return found;
}
