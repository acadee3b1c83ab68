/**
 * Text helpers of the builtin model: words, stems, stop words and sentences. Plain functions; the heading rule is
 * the documents module's (one rule for chunking and quoting).
 */

import { hasHeadingShape } from '../../../documents/index.ts';

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for
from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his
how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor not
of off on once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should
shouldn't so some such than that that's the their theirs them themselves then there there's these they they'd
they'll they're they've this those through to too under until up very was wasn't we we'd we'll we're we've were
weren't what what's when when's where where's which while who who's whom why why's with won't would wouldn't you
you'd you'll you're you've your yours yourself yourselves s t d ll re ve m one ones many much may might must shall
will also via per upon within without whose whether either neither yet thus hence however`.split(/\s+/),
);

/** Words that only shape a question ("what", "name", "called"...) and say nothing about its subject. */
const QUESTION_WORDS = new Set(
  `what which who whom whose when where why how tell give list show explain describe name named called call
kind type sort please document documents file files according say says said mention mentioned`.split(/\s+/),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Lower-case words (letters, digits, inner apostrophes and hyphens split). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
}

/** Content stems of a text: stop words dropped, the rest stemmed. */
export function contentStems(text: string, dropQuestionWords = false): string[] {
  const out: string[] = [];
  for (const raw of tokenize(text)) {
    const word = raw.replace(/'s$/, '');
    if (STOP_WORDS.has(word)) continue;
    if (dropQuestionWords && QUESTION_WORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

const ABBREVIATIONS =
  /\b(?:mr|mrs|ms|dr|prof|st|jr|sr|vs|etc|inc|ltd|co|corp|no|fig|e\.g|i\.e|u\.s|u\.k|a\.m|p\.m)\.$/i;

/** Splits running text into sentences (keeps abbreviations, initials and decimals together). */
function splitRunningText(text: string): string[] {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (!normalized) return [];
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.!?]["')\]]*\s+(?=["'([]?[\p{Lu}\p{N}])/gu;
  for (let match = boundary.exec(normalized); match; match = boundary.exec(normalized)) {
    const end = match.index + match[0].length;
    const candidate = normalized.slice(start, end).trim();
    const lastWord = candidate.split(' ').at(-1) ?? '';
    // "Dr." or an initial ("J.") does not end a sentence.
    if (ABBREVIATIONS.test(lastWord) || /^\p{Lu}\.$/u.test(lastWord)) continue;
    sentences.push(candidate);
    start = end;
  }
  const rest = normalized.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** One unit of a passage: a sentence, or a heading (structure: the section of the sentences after it). */
export interface TextUnit {
  text: string;
  isHeading: boolean;
  /** Depth of a heading: its Markdown level (1-6), 7 for a heading known only by its shape; 0 for a sentence. */
  level: number;
}

const MARKDOWN_HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?$/;
const SETEXT_UNDERLINE = /^(?:={3,}|-{3,})$/;
/** Whether a line can start a sentence (so the line before it may end one without punctuation). */
const startsSentence = (line: string): boolean => /^["'“‘([]?[\p{Lu}\p{N}]/u.test(line);

interface Block {
  lines: string[];
  /** A Markdown (or underlined) heading: a heading whatever follows it. */
  markdownLevel: number;
}

/** Whether a block is running text (not a heading, not a run of heading-shaped lines such as an address). */
const isBody = (block: Block | undefined): boolean =>
  block !== undefined && block.markdownLevel === 0 && !block.lines.every(hasHeadingShape);

/**
 * The blocks of a text: paragraphs (blank lines end them), Markdown headings, and heading-shaped lines split off
 * the running text that follows them. Lines within a block are joined: wrapped lines are one sentence.
 */
function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const lines = paragraph
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let current: string[] = [];
    const flush = () => {
      if (current.length > 0) blocks.push({ lines: current, markdownLevel: 0 });
      current = [];
    };
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index] ?? '';
      const next = lines[index + 1];
      // A rule ("---", "* * *") separates, it says nothing.
      if (!/[\p{L}\p{N}]/u.test(line)) {
        flush();
        continue;
      }
      const markdown = MARKDOWN_HEADING.exec(line);
      if (markdown) {
        flush();
        blocks.push({ lines: [markdown[2] ?? ''], markdownLevel: markdown[1]?.length ?? 1 });
        continue;
      }
      if (next !== undefined && SETEXT_UNDERLINE.test(next) && !/[.!?]$/.test(line)) {
        flush();
        blocks.push({ lines: [line], markdownLevel: next.startsWith('=') ? 1 : 2 });
        index += 1;
        continue;
      }
      // A heading-shaped line before a line of running text titles it: it is not that sentence's first words.
      // Closing a paragraph of running text, it may title the next paragraph (splitUnits decides).
      const titlesNextLine = next !== undefined && startsSentence(next) && !hasHeadingShape(next);
      const closesText = next === undefined && current.length > 0 && !hasHeadingShape(current.at(-1) ?? '');
      if (hasHeadingShape(line) && (titlesNextLine || closesText)) {
        flush();
        blocks.push({ lines: [line], markdownLevel: 0 });
        continue;
      }
      current.push(line);
    }
    flush();
  }
  return blocks.filter((block) => block.lines.some((line) => /\S/.test(line)));
}

/**
 * Splits a passage into sentences and headings. A heading (a Markdown heading, or a short line without end
 * punctuation above running text) is a unit of its own, never the first words of the sentence after it.
 */
export function splitUnits(text: string): TextUnit[] {
  const blocks = splitBlocks(text);
  return blocks.flatMap((block, index): TextUnit[] => {
    const [line] = block.lines;
    if (block.markdownLevel > 0) return [{ text: line ?? '', isHeading: true, level: block.markdownLevel }];
    if (line !== undefined && block.lines.length === 1 && hasHeadingShape(line) && isBody(blocks[index + 1])) {
      return [{ text: line, isHeading: true, level: 7 }];
    }
    return splitRunningText(block.lines.join(' ')).map((sentence) => ({ text: sentence, isHeading: false, level: 0 }));
  });
}

/** Splits a passage into sentences, headings apart (keeps abbreviations, initials and decimals together). */
export function splitSentences(text: string): string[] {
  return splitUnits(text).map((unit) => unit.text);
}

// The Porter stemmer (M. F. Porter, 1980), the classic English suffix stripper.
const isConsonantAt = (word: string, i: number): boolean => {
  const ch = word[i];
  if (ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u') return false;
  if (ch === 'y') return i === 0 ? true : !isConsonantAt(word, i - 1);
  return true;
};

/** The number of vowel-consonant sequences in word[0..end). */
function measure(word: string, end: number = word.length): number {
  let m = 0;
  let i = 0;
  while (i < end && isConsonantAt(word, i)) i++;
  while (i < end) {
    while (i < end && !isConsonantAt(word, i)) i++;
    if (i >= end) break;
    m++;
    while (i < end && isConsonantAt(word, i)) i++;
  }
  return m;
}

const hasVowel = (word: string, end: number): boolean => {
  for (let i = 0; i < end; i++) if (!isConsonantAt(word, i)) return true;
  return false;
};
const endsDoubleConsonant = (word: string): boolean =>
  word.length >= 2 && word.at(-1) === word.at(-2) && isConsonantAt(word, word.length - 1);
const endsCvc = (word: string): boolean => {
  const n = word.length;
  if (n < 3) return false;
  const last = word[n - 1] ?? '';
  return (
    isConsonantAt(word, n - 3) && !isConsonantAt(word, n - 2) && isConsonantAt(word, n - 1) && !'wxy'.includes(last)
  );
};

function replaceSuffix(word: string, rules: Array<[string, string]>, minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stemPart = word.slice(0, -suffix.length);
      return measure(stemPart) > minMeasure ? stemPart + replacement : word;
    }
  }
  return word;
}

const STEP2: Array<[string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: Array<[string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

const stemCache = new Map<string, string>();

export function stem(input: string): string {
  const cached = stemCache.get(input);
  if (cached !== undefined) return cached;
  const result = stemUncached(input);
  if (stemCache.size < 50_000) stemCache.set(input, result);
  return result;
}

function stemUncached(input: string): string {
  let word = input;
  if (word.length <= 2 || /\d/.test(word)) return word;
  // Step 1a
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ies')) word = word.slice(0, -2);
  else if (word.endsWith('ss')) {
    // keep
  } else if (word.endsWith('s')) word = word.slice(0, -1);
  // Step 1b
  let extra = false;
  if (word.endsWith('eed')) {
    if (measure(word, word.length - 3) > 0) word = word.slice(0, -1);
  } else if (word.endsWith('ed') && hasVowel(word, word.length - 2)) {
    word = word.slice(0, -2);
    extra = true;
  } else if (word.endsWith('ing') && hasVowel(word, word.length - 3)) {
    word = word.slice(0, -3);
    extra = true;
  }
  if (extra) {
    if (word.endsWith('at') || word.endsWith('bl') || word.endsWith('iz')) word += 'e';
    else if (endsDoubleConsonant(word) && !/[lsz]$/.test(word)) word = word.slice(0, -1);
    else if (measure(word) === 1 && endsCvc(word)) word += 'e';
  }
  // Step 1c
  if (word.endsWith('y') && hasVowel(word, word.length - 1)) word = `${word.slice(0, -1)}i`;
  word = replaceSuffix(word, STEP2, 0);
  word = replaceSuffix(word, STEP3, 0);
  // Step 4
  for (const suffix of STEP4) {
    if (!word.endsWith(suffix)) continue;
    const stemPart = word.slice(0, -suffix.length);
    if (measure(stemPart) > 1) {
      if (suffix === 'ion') {
        if (/[st]$/.test(stemPart)) word = stemPart;
      } else {
        word = stemPart;
      }
    }
    break;
  }
  // Step 5
  if (word.endsWith('e')) {
    const stemPart = word.slice(0, -1);
    const m = measure(stemPart);
    if (m > 1 || (m === 1 && !endsCvc(stemPart))) word = stemPart;
  }
  if (measure(word) > 1 && endsDoubleConsonant(word) && word.endsWith('l')) word = word.slice(0, -1);
  return word;
}
