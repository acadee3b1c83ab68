/**
 * The connector benchmark's files: 2-20 KB of real English (SQuAD passages and SciFact abstracts in EVAL_DIR when
 * present, else generated sentences), the same for the same index at every run. Shared by the benchmark and the
 * process that hosts the provider fakes (connector-fake-host.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSeededRandom, readJsonl } from './eval-metrics.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');

/** Paragraphs of real English: SQuAD passages and SciFact abstracts when present, else generated sentences. */
export function loadParagraphs(): { paragraphs: string[]; source: string } {
  const squad = path.join(evalDir, 'squad2_dev_subset', 'passages.jsonl');
  const scifact = path.join(evalDir, 'scifact', 'corpus.jsonl');
  const paragraphs: string[] = [];
  if (existsSync(squad)) paragraphs.push(...readJsonl<Record<string, string>>(squad).map((row) => row.text ?? ''));
  if (existsSync(scifact)) paragraphs.push(...readJsonl<Record<string, string>>(scifact).map((row) => row.text ?? ''));
  const usable = [...new Set(paragraphs.filter((text) => text.length >= 200))];
  if (usable.length >= 100) return { paragraphs: usable, source: `SQuAD + SciFact text from ${evalDir}` };
  return { paragraphs: generateParagraphs(2000), source: 'built-in generated text (EVAL_DIR data not found)' };
}

const SUBJECTS = ['The team', 'Our customer', 'The finance group', 'Each reviewer', 'The new supplier', 'The board'];
const VERBS = ['approved', 'reviewed', 'postponed', 'questioned', 'summarised', 'rewrote', 'published', 'measured'];
const OBJECTS = [
  'the quarterly budget',
  'the onboarding checklist',
  'the security policy',
  'the release plan',
  'the travel guidelines',
  'the hiring forecast',
  'the incident report',
  'the pricing proposal',
];
const TAILS = [
  'after a long discussion about risks and costs',
  'before the end of the month',
  'with two small corrections to the figures',
  'because the previous version was out of date',
  'and asked for a follow-up meeting next week',
  'while the regional offices waited for the outcome',
];

function generateParagraphs(count: number): string[] {
  const random = createSeededRandom(42);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const paragraphs: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const sentences: string[] = [];
    const length = 4 + Math.floor(random() * 6);
    for (let s = 0; s < length; s += 1) {
      sentences.push(`${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)} (note ${i}.${s}).`);
    }
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs;
}

export interface BenchFile {
  name: string;
  folder: string;
  mimeType: string;
  text: string;
}

const TOPICS = ['budget', 'meeting-notes', 'research', 'policy', 'proposal', 'report', 'handbook', 'minutes'];

/** The i-th file: 2-20 KB of paragraphs picked by a generator seeded with i; one in five is Markdown. */
export function makeFile(paragraphs: string[], index: number): BenchFile {
  const random = createSeededRandom(index + 1);
  const isMarkdown = index % 5 === 0;
  const target = 2048 + Math.floor(random() * 18 * 1024);
  const topic = TOPICS[index % TOPICS.length] ?? 'notes';
  const parts: string[] = isMarkdown ? [`# ${topic.replace('-', ' ')} ${index}`] : [];
  let size = 0;
  while (size < target) {
    const paragraph = paragraphs[Math.floor(random() * paragraphs.length)] ?? '';
    if (isMarkdown && random() < 0.3) parts.push(`## Section ${parts.length}`);
    parts.push(paragraph);
    size += paragraph.length + 2;
  }
  return {
    name: `${topic}-${String(index).padStart(5, '0')}.${isMarkdown ? 'md' : 'txt'}`,
    folder: `Team ${index % 20}`,
    mimeType: isMarkdown ? 'text/markdown' : 'text/plain',
    text: parts.join('\n\n'),
  };
}

export function changedText(file: BenchFile): string {
  return `${file.text}\n\nRevised: the figures above were checked again and two paragraphs were rewritten.`;
}
