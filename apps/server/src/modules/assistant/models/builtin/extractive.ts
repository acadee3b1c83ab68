import type { Passage } from '../../tool-outputs.ts';
import { contentStems, splitUnits, tokenize } from './text.ts';

/**
 * The builtin model's writing: an extractive answer (the sentences of the retrieved passages that best match the
 * question, each followed by its [n]) or an extractive summary. No generation: every sentence is quoted from a
 * passage, so every [n] points at a passage the reply really used.
 */

export interface ExtractiveReply {
  text: string;
  /** The passage numbers the text cites. */
  cited: number[];
}

interface Sentence {
  passage: Passage;
  /** Rank of its passage in the retrieval (0 = best). */
  rank: number;
  index: number;
  text: string;
  stems: Set<string>;
  /** Stems of the headings it sits under in its passage: context for scoring, never quoted with it. */
  sectionStems: Set<string>;
  isHeading: boolean;
  /** Whether it may be quoted: a whole sentence, not a heading and not the cut-off tail of the previous passage. */
  isQuotable: boolean;
}

/** Tuning of the answer composer (bench/squad.ts measures it on SQuAD 2.0). */
export const ANSWER_TUNING = {
  /** Least share of the question's weighted terms the evidence must contain to answer at all. */
  minCoverage: 0.25,
  /** Sentences from other passages are added when they score at least this share of the best one... */
  secondSentenceRatio: 0.7,
  /** ...up to this many sentences in all. */
  maxSentences: 3,
  /** Passages considered (in retrieval order). */
  maxPassages: 8,
  /** Weight of the passage's retrieval score (relative to the best passage's) in a sentence's score. */
  passageScoreWeight: 0.15,
  /** Weight of the sentence's own coverage (the rest is the coverage with its neighbours and title). */
  ownWeight: 0.6,
  typeBonus: 0.08,
};

function sentencesOf(passages: Passage[]): Sentence[] {
  const out: Sentence[] = [];
  passages.forEach((passage, rank) => {
    const headings: Array<{ level: number; stems: string[] }> = [];
    splitUnits(passage.text).forEach((unit, index) => {
      const stems = new Set(contentStems(unit.text));
      // A passage cut inside a sentence starts with that sentence's lower-case tail ("iPhone" starts a sentence).
      const isFragment = index === 0 && /^\p{Ll}+(?![\p{L}\p{N}])/u.test(unit.text);
      out.push({
        passage,
        rank,
        index,
        text: unit.text,
        stems,
        sectionStems: new Set(headings.flatMap((heading) => heading.stems)),
        isHeading: unit.isHeading,
        isQuotable: !unit.isHeading && !isFragment,
      });
      if (unit.isHeading) {
        while ((headings.at(-1)?.level ?? 0) >= unit.level) headings.pop();
        headings.push({ level: unit.level, stems: [...stems] });
      }
    });
  });
  return out;
}

/** The sentences that may be quoted; every unit when none may (a passage of headings only still says something). */
function quotable(sentences: Sentence[]): Sentence[] {
  const whole = sentences.filter((sentence) => sentence.isQuotable);
  return whole.length > 0 ? whole : sentences;
}

/** What kind of answer the question asks for, from its wh-word. */
function expectedAnswerType(question: string): 'time' | 'number' | 'person' | 'other' {
  const q = question.toLowerCase();
  if (/\b(when|what year|which year|what century|what decade|what date|how long ago)\b/.test(q)) return 'time';
  if (/\bhow (many|much|far|long|large|big|old|tall|high)\b|\bwhat (percentage|percent|number|amount)\b/.test(q)) {
    return 'number';
  }
  if (/\b(who|whom|whose)\b/.test(q)) return 'person';
  return 'other';
}

function matchesAnswerType(sentence: string, type: ReturnType<typeof expectedAnswerType>, question: string): boolean {
  if (type === 'time') return /\b(1[0-9]{3}|20[0-9]{2}|[0-9]{1,2}(st|nd|rd|th) century|[0-9]{3,4}s)\b/i.test(sentence);
  if (type === 'number')
    return /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million|billion)\b/i.test(sentence);
  if (type === 'person') {
    const questionWords = new Set(tokenize(question));
    const names = sentence.match(/(?<!^)\b\p{Lu}[\p{L}'-]+/gu) ?? [];
    return names.some((name) => !questionWords.has(name.toLowerCase()));
  }
  return true;
}

/**
 * Weights of the question's stems: rarer among the retrieved sentences means more telling (an idf over the
 * retrieved set), and a stem found nowhere weighs the most.
 */
function weighTerms(terms: string[], sentences: Sentence[]): Map<string, number> {
  const total = sentences.length;
  const weights = new Map<string, number>();
  for (const term of terms) {
    let df = 0;
    for (const sentence of sentences) if (sentence.stems.has(term)) df++;
    weights.set(term, Math.log(1 + (total + 1) / (df + 0.5)));
  }
  return weights;
}

export type DeclineReason = 'no-evidence' | 'low-coverage' | 'number' | 'negation' | 'entity';

export interface AnswerAnalysis {
  /** The best evidence, or null when the passages do not contain the answer. */
  reply: ExtractiveReply | null;
  /** Share of the question's weight the best evidence covers (0..1). */
  coverage: number;
  /** Why the passages were judged not to contain the answer. */
  declined?: DeclineReason;
}

const NEGATION = /\b(not|never|no longer|without)\b|n't\b/i;
const NEGATION_OR_CONTRAST =
  /\b(not|never|no|none|without|neither|nor|except|exception|excluded?|unlike|rather than|instead|fail(ed|s)?|lack(ed|s)?|only)\b|n't\b|≠/i;
const NOT_NAMES = new Set([
  'What',
  'Who',
  'Whom',
  'Whose',
  'When',
  'Where',
  'Which',
  'How',
  'Why',
  'In',
  'The',
  'A',
  'An',
]);

/** A question asking about what is not so ("which city is not...") needs evidence that says so. */
function asksNegation(question: string): boolean {
  return NEGATION.test(question.replace(/\b(whether or not|may or may not|or not)\b/gi, ''));
}

/** Names in the question (capitalised words after the first) that no retrieved passage mentions. */
function hasUnknownName(question: string, passages: Passage[]): boolean {
  const names = (question.match(/(?<!^)\b\p{Lu}[\p{Ll}]+/gu) ?? []).filter((name) => !NOT_NAMES.has(name));
  if (names.length === 0) return false;
  const text = passages.map((p) => `${p.title} ${p.text}`.toLowerCase()).join(' ');
  // A prefix tolerates inflections ("Normans" / "Norman").
  return names.some((name) => !text.includes(name.toLowerCase().slice(0, Math.max(4, name.length - 2))));
}

/** Numbers, years, ordinals and decades a text mentions ("1066", "10th", "880s"). */
function numbersOf(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/\b\d[\d,.]*(?:st|nd|rd|th|s)?\b/g) ?? []).map((n) => n.replace(/[,.]$/, '')),
  );
}

export function analyseAnswer(question: string, passages: Passage[]): AnswerAnalysis {
  const considered = passages.slice(0, ANSWER_TUNING.maxPassages);
  const sentences = sentencesOf(considered);
  let terms = [...new Set(contentStems(question, true))];
  if (terms.length === 0) terms = [...new Set(contentStems(question))];
  if (sentences.length === 0 || terms.length === 0) return { reply: null, coverage: 0 };
  const weights = weighTerms(terms, sentences);
  const totalWeight = [...weights.values()].reduce((sum, w) => sum + w, 0);
  const titleStems = new Map(considered.map((p) => [p.n, new Set(contentStems(p.title))]));
  const answerType = expectedAnswerType(question);
  const topScore = Math.max(0, ...considered.map((p) => p.score));

  const byPassage = new Map<number, Sentence[]>();
  for (const sentence of sentences) {
    const list = byPassage.get(sentence.passage.n) ?? [];
    list.push(sentence);
    byPassage.set(sentence.passage.n, list);
  }

  // Headings are scored only through the sentences of their section: a quote is whole sentences.
  const scored = quotable(sentences).map((sentence) => {
    const siblings = byPassage.get(sentence.passage.n) ?? [];
    const context = new Set<string>(sentence.stems);
    for (const neighbour of [siblings[sentence.index - 1], siblings[sentence.index + 1]]) {
      // A heading is context for its own section only (sectionStems), not for the sentence ending the one before.
      if (neighbour && !neighbour.isHeading) for (const s of neighbour.stems) context.add(s);
    }
    for (const s of titleStems.get(sentence.passage.n) ?? []) context.add(s);
    for (const s of sentence.sectionStems) context.add(s);
    let own = 0;
    let withContext = 0;
    for (const term of terms) {
      const w = weights.get(term) ?? 0;
      if (sentence.stems.has(term)) own += w;
      if (context.has(term)) withContext += w;
    }
    const ownShare = own / totalWeight;
    const contextShare = withContext / totalWeight;
    const typeBonus = matchesAnswerType(sentence.text, answerType, question) ? ANSWER_TUNING.typeBonus : 0;
    const relativeScore = topScore > 0 ? Math.max(0, sentence.passage.score) / topScore : 0;
    const score =
      ANSWER_TUNING.ownWeight * ownShare +
      (1 - ANSWER_TUNING.ownWeight) * contextShare +
      typeBonus +
      ANSWER_TUNING.passageScoreWeight * relativeScore;
    return { sentence, score, coverage: 0.5 * ownShare + 0.5 * contextShare };
  });
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return { reply: null, coverage: 0, declined: 'no-evidence' };
  const decline = (declined: DeclineReason): AnswerAnalysis => ({ reply: null, coverage: best.coverage, declined });
  if (best.coverage < ANSWER_TUNING.minCoverage) return decline('low-coverage');
  const questionNumbers = numbersOf(question);
  if (questionNumbers.size > 0) {
    const siblings = byPassage.get(best.sentence.passage.n) ?? [];
    const context = numbersOf(
      [siblings[best.sentence.index - 1], best.sentence, siblings[best.sentence.index + 1]]
        .map((s) => s?.text ?? '')
        .join(' '),
    );
    // "What happened in 1066?" is not answered by a sentence about 1185.
    if ([...questionNumbers].some((n) => !context.has(n))) return decline('number');
  }
  if (asksNegation(question) && !NEGATION_OR_CONTRAST.test(best.sentence.text)) return decline('negation');
  if (hasUnknownName(question, considered)) return decline('entity');

  // Close runners-up from other passages are quoted too: the answer may be in either.
  const chosen = [best];
  for (const candidate of scored) {
    if (chosen.length >= ANSWER_TUNING.maxSentences) break;
    if (candidate.score < best.score * ANSWER_TUNING.secondSentenceRatio) break;
    if (chosen.some((c) => c.sentence.passage.n === candidate.sentence.passage.n)) continue;
    chosen.push(candidate);
  }
  const text = chosen.map(({ sentence }) => `${sentence.text} [${sentence.passage.n}]`).join('\n\n');
  return {
    reply: { text, cited: chosen.map(({ sentence }) => sentence.passage.n) },
    coverage: best.coverage,
  };
}

/**
 * An extractive summary of one document's ordered passages: the sentences most central to the document (sharing
 * the most weighted terms with the rest of it), in document order, each group followed by its [n].
 */
export function composeSummary(passages: Passage[], maxSentences = 5): ExtractiveReply | null {
  const sentences = quotable(sentencesOf(passages)).filter((s) => s.text.length >= 25 && /\p{L}/u.test(s.text));
  if (sentences.length === 0) return null;
  const df = new Map<string, number>();
  for (const sentence of sentences) for (const s of sentence.stems) df.set(s, (df.get(s) ?? 0) + 1);
  const total = sentences.length;
  const order = new Map(sentences.map((s, i) => [s, i]));
  const scored = sentences.map((sentence) => {
    let score = 0;
    for (const s of sentence.stems) {
      const count = df.get(s) ?? 0;
      // Terms repeated across the document carry its subject; one-off terms carry detail.
      if (count > 1) score += Math.log(1 + count) * Math.log(1 + total / count);
    }
    const length = Math.max(sentence.stems.size, 1);
    const position = order.get(sentence) === 0 ? 1.2 : 1;
    return { sentence, score: (score / Math.sqrt(length)) * position };
  });
  scored.sort((a, b) => b.score - a.score);
  const picked = scored
    .slice(0, Math.min(maxSentences, sentences.length))
    .map((entry) => entry.sentence)
    .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const lines: string[] = [];
  const cited: number[] = [];
  for (let i = 0; i < picked.length; i++) {
    const sentence = picked[i];
    if (!sentence) continue;
    const next = picked[i + 1];
    const endsGroup = !next || next.passage.n !== sentence.passage.n;
    lines.push(endsGroup ? `${sentence.text} [${sentence.passage.n}]` : sentence.text);
    if (!cited.includes(sentence.passage.n)) cited.push(sentence.passage.n);
  }
  return { text: lines.map((line) => `- ${line}`).join('\n'), cited };
}

/** Longest excerpt quoted whole; a longer "sentence" (a table, a list without stops) is cut at a word, marked "…". */
const EXCERPT_MAX_CHARS = 300;

/**
 * What a search listing quotes of a passage: its whole sentence that shares the most terms with the question (a
 * sentence under a matching heading counts half), else its first sentence; never a heading, never half a sentence.
 */
export function quoteFrom(passage: Passage, question: string): string {
  const terms = [...new Set(contentStems(question, true))];
  let best: Sentence | undefined;
  let bestScore = 0;
  for (const sentence of quotable(sentencesOf([passage]))) {
    let score = 0;
    for (const term of terms) {
      if (sentence.stems.has(term)) score += 1;
      else if (sentence.sectionStems.has(term)) score += 0.5;
    }
    if (!best || score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  const text = best?.text ?? '';
  if (text.length <= EXCERPT_MAX_CHARS) return text;
  const cut = text.slice(0, EXCERPT_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()} …`;
}
