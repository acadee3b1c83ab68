const WORD = /[\p{L}\p{N}]+/gu;
const SNIPPET_WORDS = 36;
/** Words of context kept before the first match of the chosen window. */
const LEAD_WORDS = 6;

const PREFIX_LENGTH = 3;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The distinct lower-case words of a text. */
export function wordsOf(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(WORD), (match) => match[0].toLowerCase()));
}

/**
 * Words that could stem to one of the lexemes: English (Snowball) stems keep the start of the word, so sharing the
 * lexeme's first letters is a cheap filter before PostgreSQL decides exactly.
 */
export function candidateWords(words: Iterable<string>, lexemes: string[]): string[] {
  const prefixes = [...new Set(lexemes.map((lexeme) => lexeme.slice(0, PREFIX_LENGTH)))];
  return [...words].filter((word) => prefixes.some((prefix) => word.startsWith(prefix)));
}

/**
 * A short excerpt of `text` around the densest run of matched words, each wrapped in <mark>, everything else
 * HTML-escaped. `isMatch` gets lower-case words.
 */
export function buildSnippet(text: string, isMatch: (word: string) => boolean): string {
  const words = Array.from(text.matchAll(WORD), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
    isMatch: isMatch(match[0].toLowerCase()),
  }));
  if (words.length === 0) return escapeHtml(text.replace(/\s+/g, ' ').trim().slice(0, 280));

  let bestStart = 0;
  let bestCount = -1;
  let count = 0;
  for (let index = 0; index < words.length; index += 1) {
    if (words[index]?.isMatch) count += 1;
    const start = index - SNIPPET_WORDS + 1;
    if (start > 0 && words[start - 1]?.isMatch) count -= 1;
    if (start >= 0 && count > bestCount) {
      bestCount = count;
      bestStart = start;
    }
  }
  if (bestCount < 0) bestStart = 0;
  const firstMatch = words.findIndex((word, index) => index >= bestStart && word.isMatch);
  if (firstMatch >= 0) bestStart = Math.max(0, Math.min(bestStart, firstMatch - LEAD_WORDS));
  const lastIndex = Math.min(words.length, bestStart + SNIPPET_WORDS) - 1;

  const first = words[bestStart];
  const last = words[lastIndex];
  if (!first || !last) return '';
  let html = bestStart > 0 ? '… ' : '';
  let cursor = first.start;
  for (const word of words.slice(bestStart, lastIndex + 1)) {
    html += escapeHtml(text.slice(cursor, word.start));
    const raw = escapeHtml(text.slice(word.start, word.end));
    html += word.isMatch ? `<mark>${raw}</mark>` : raw;
    cursor = word.end;
  }
  const tail = lastIndex < words.length - 1 ? '' : text.slice(cursor).trimEnd();
  html += escapeHtml(tail);
  if (lastIndex < words.length - 1) html += ' …';
  return html.replace(/\s+/g, ' ').trim();
}
