import { NO_ANSWER_REPLY } from '@lumen/contract';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Passage, PassagesOutput } from '../../tool-outputs.ts';
import { BuiltinLanguageModel } from './builtin-language-model.ts';
import { analyseAnswer, composeSummary, quoteFrom } from './extractive.ts';
import { chooseTool } from './intent.ts';
import { replyToPassages } from './replies.ts';
import { splitSentences, splitUnits, stem } from './text.ts';

describe('chooseTool: the builtin model reads intent', () => {
  it.each([
    ['Summarize the quarterly report', 'summarize_document', { title: 'quarterly report' }],
    ['Can you give me a summary of "Q3 plan.docx"?', 'summarize_document', { title: 'Q3 plan.docx' }],
    ['tl;dr this', 'summarize_document', {}],
    ['Delete the file budget-2024.xlsx', 'delete_file', { fileName: 'budget-2024.xlsx' }],
    ['Please remove the document called old notes', 'delete_file', { fileName: 'old notes' }],
    [
      'delete document 0b7c3e52-9c52-4d53-9d0e-3f1f7d2d8a11',
      'delete_file',
      { documentId: '0b7c3e52-9c52-4d53-9d0e-3f1f7d2d8a11' },
    ],
    ['Save this answer to my Google Drive', 'save_to_storage', { provider: 'google-drive', fileName: 'Lumen answer' }],
    [
      'Please save q3-report.pdf to Dropbox in the Reports folder',
      'save_to_storage',
      { provider: 'dropbox', folder: '/Reports', documentTitle: 'q3-report.pdf', fileName: 'q3-report.pdf' },
    ],
    [
      'Could you upload the "Board minutes" document to OneDrive as minutes.txt',
      'save_to_storage',
      { provider: 'onedrive', documentTitle: 'Board minutes', fileName: 'minutes.txt' },
    ],
    [
      'Save the onboarding guide to my cloud storage',
      'save_to_storage',
      { documentTitle: 'onboarding guide', fileName: 'onboarding guide' },
    ],
    [
      'What did I upload to Dropbox last week?',
      'answer_from_documents',
      { query: 'What did I upload to Dropbox last week?' },
    ],
    ['What files do I have?', 'workspace_overview', {}],
    ['How many documents are in my workspace?', 'workspace_overview', {}],
    ['How many conversations have we had?', 'workspace_overview', {}],
    [
      'What does the PDF say about pricing?',
      'search_files',
      { query: 'What does the PDF say about pricing?', pdfOnly: true },
    ],
    ['Find documents about the Lyon warehouse', 'search_files', { query: 'Find documents about the Lyon warehouse' }],
    ['When was the company founded?', 'answer_from_documents', { query: 'When was the company founded?' }],
    [
      'What did we decide in Slack about the launch?',
      'answer_from_documents',
      { query: 'What did we decide about the launch?', platform: 'slack' },
    ],
    [
      'Anything on Google Drive about the Q3 budget?',
      'answer_from_documents',
      { query: 'Anything about the Q3 budget?', platform: 'google-drive' },
    ],
    ['Find the Notion pages about onboarding', 'search_files', { query: 'Find about onboarding', platform: 'notion' }],
    [
      'Which PDFs from our Confluence space mention pricing?',
      'search_files',
      { query: 'Which PDFs mention pricing?', platform: 'confluence', pdfOnly: true },
    ],
    [
      'How do I remove a stain from the carpet?',
      'answer_from_documents',
      { query: 'How do I remove a stain from the carpet?' },
    ],
  ])('%s -> %s', (question, toolName, input) => {
    expect(chooseTool(question)).toEqual({ toolName, input });
  });

  it('saves the previous answer, named after its question', () => {
    const previous = { question: 'Who runs the Lyon warehouse today?', answer: 'Mireille Caron runs it [1].' };
    expect(chooseTool('Save it to Dropbox', previous)).toEqual({
      toolName: 'save_to_storage',
      input: {
        provider: 'dropbox',
        fileName: 'Who runs the Lyon warehouse today',
        text: 'Mireille Caron runs it [1].',
      },
    });
  });
});

function passage(n: number, title: string, text: string, page: number | null = null): Passage {
  return { n, documentId: `doc-${n}`, title, source: 'upload', mimeType: 'text/plain', page, text, score: 10 - n };
}

const PASSAGES = [
  passage(
    1,
    'history.txt',
    'Lumen Labs was founded in 2011 in Lisbon. Its first product was a note-taking app. The company moved to Porto in 2015.',
  ),
  passage(2, 'people.txt', 'Maria Costa is the chief executive. She joined Lumen Labs in 2013 as an engineer.'),
];

describe('analyseAnswer: extractive answers', () => {
  it('quotes the sentence that holds the answer, with its [n]', () => {
    const { reply } = analyseAnswer('When was Lumen Labs founded?', PASSAGES);
    expect(reply?.text.split('\n\n')[0]).toBe('Lumen Labs was founded in 2011 in Lisbon. [1]');
    expect(reply?.cited[0]).toBe(1);
  });

  it('finds the answer in a later passage', () => {
    const { reply } = analyseAnswer('Who is the chief executive?', PASSAGES);
    expect(reply?.text).toContain('Maria Costa is the chief executive. [2]');
  });

  it('declines when the passages do not cover the question', () => {
    expect(analyseAnswer('What is the recipe for banana bread?', PASSAGES).reply).toBeNull();
    expect(analyseAnswer('Anything', []).reply).toBeNull();
  });

  it('declines when the question names a year the evidence does not', () => {
    expect(analyseAnswer('Where did Lumen Labs move in 2019?', PASSAGES).reply).toBeNull();
    expect(analyseAnswer('Where did Lumen Labs move in 2015?', PASSAGES).reply?.text).toContain('Porto');
  });
});

describe('composeSummary', () => {
  it('keeps the central sentences in document order, cited', () => {
    const summary = composeSummary([
      passage(3, 'guide.txt', 'The guide explains the expense policy. Expenses need a receipt. Receipts are scanned.'),
      passage(4, 'guide.txt', 'Expense claims are paid monthly. The policy applies to every employee.'),
    ]);
    expect(summary?.text.startsWith('- The guide explains the expense policy.')).toBe(true);
    expect(summary?.cited).toEqual([3, 4]);
  });
});

describe('text helpers', () => {
  it('stems like Porter', () => {
    expect(['running', 'runs', 'connection', 'connected', 'ponies', 'relational', 'hopeful'].map(stem)).toEqual([
      'run',
      'run',
      'connect',
      'connect',
      'poni',
      'relat',
      'hope',
    ]);
  });

  it('splits sentences without breaking abbreviations or initials', () => {
    expect(splitSentences('Dr. Smith met J. Doe at 3.5 p.m. today. They talked! Then left.')).toEqual([
      'Dr. Smith met J. Doe at 3.5 p.m. today.',
      'They talked!',
      'Then left.',
    ]);
  });
});

const SHUTDOWN = 'The emergency shutdown code for the Tromso cold store is QX87754.';
const SHUTDOWN_QUESTION = 'What is the emergency shutdown code for the Tromso cold store?';

/** A handbook as extraction gives it: headings on lines of their own, above their sections. */
const HANDBOOK = [
  '# Cold store handbook',
  '## Emergencies',
  `${SHUTDOWN} Call the duty manager before you leave the building.`,
  '## Deliveries',
  'Trucks unload at gate 3 between six and ten. Pallets wait in the airlock.',
].join('\n\n');

describe('headings stay structure', () => {
  it.each([
    ['a text line', `Emergencies\n${SHUTDOWN}`],
    ['a paragraph (HTML <h2>, a DOCX heading, a slide title)', `Emergencies\n\n${SHUTDOWN}`],
    ['a Markdown heading', `## Emergencies\n${SHUTDOWN}`],
    ['an underlined Markdown heading', `Emergencies\n===========\n${SHUTDOWN}`],
    ['a numbered heading', `4.2 Emergencies\n\n${SHUTDOWN}`],
    ['a line closing the paragraph before', `Read this first.\nEmergencies\n\n${SHUTDOWN}`],
  ])('splits %s from the sentence under it', (_shape, text) => {
    const units = splitUnits(text).filter((unit) => unit.text !== 'Read this first.');
    expect(units.map((unit) => unit.isHeading)).toEqual([true, false]);
    expect(units[0]?.text).toMatch(/^(4\.2 )?Emergencies$/);
    expect(units[1]?.text).toBe(SHUTDOWN);
    expect(splitSentences(text).at(-1)).toBe(SHUTDOWN);
  });

  it('keeps wrapped lines one sentence, and short lines without a heading under them as they were', () => {
    expect(splitSentences('The emergency shutdown code for the\nTromso cold store is QX87754.')).toEqual([SHUTDOWN]);
    expect(splitSentences('Call the duty manager,\nThe night porter or the owner.')).toEqual([
      'Call the duty manager, The night porter or the owner.',
    ]);
    expect(splitSentences('Tromso Cold Store\nHarbour Road 12\n9008 Tromso\n\nDeliveries start at six.')).toEqual([
      'Tromso Cold Store Harbour Road 12 9008 Tromso',
      'Deliveries start at six.',
    ]);
    // A rule under a sentence is no underline: it only separates.
    expect(splitUnits('The store closes at ten.\n---\nOpen on Sundays.')).toEqual([
      { text: 'The store closes at ten.', isHeading: false, level: 0 },
      { text: 'Open on Sundays.', isHeading: false, level: 0 },
    ]);
    // Points of a slide: short lines, none titling running text, so none is a heading.
    expect(splitUnits('Revenue grew 12% in Q3\n\nCosts fell 3% in Q3').map((unit) => unit.isHeading)).toEqual([
      false,
      false,
    ]);
  });

  it('quotes exactly the sentence that answers, with its [n], and no heading', () => {
    const { reply } = analyseAnswer(SHUTDOWN_QUESTION, [passage(1, 'handbook.md', HANDBOOK)]);
    expect(reply).toEqual({ text: `${SHUTDOWN} [1]`, cited: [1] });
  });

  it('reads a heading as the section of the sentences under it, and quotes a sentence of that section', () => {
    const { reply } = analyseAnswer('Where do deliveries unload?', [passage(1, 'handbook.md', HANDBOOK)]);
    expect(reply?.text).toBe('Trucks unload at gate 3 between six and ten. [1]');
    const section = analyseAnswer('What happens in emergencies?', [passage(1, 'handbook.md', HANDBOOK)]);
    expect(section.reply?.text).not.toMatch(/^#|Emergencies/);
  });

  it('quotes whole sentences only: never a heading, never the cut-off tail of a passage', () => {
    const passages = [
      passage(1, 'handbook.md', HANDBOOK),
      // A chunk cut inside a sentence begins with its tail.
      passage(2, 'log.txt', 'cold store is QX87754 according to the old log. Emergency drills run every March.'),
      passage(3, 'slides.pptx', 'Emergencies\n\nThe Tromso cold store shutdown takes four minutes.'),
    ];
    for (const question of [
      SHUTDOWN_QUESTION,
      'What is the shutdown code?',
      'When do emergency drills run?',
      'How long does the Tromso shutdown take?',
      'What are the emergencies?',
    ]) {
      const { reply } = analyseAnswer(question, passages);
      for (const quote of reply?.text.split('\n\n') ?? []) {
        const [, sentence, n] = /^(.*) \[(\d+)\]$/.exec(quote) ?? [];
        const cited = passages.find((p) => p.n === Number(n));
        const whole = splitUnits(cited?.text ?? '').filter((unit) => !unit.isHeading && /^\p{Lu}/u.test(unit.text));
        expect(whole.map((unit) => unit.text)).toContain(sentence);
      }
    }
  });

  it('summarises sentences, not headings', () => {
    const summary = composeSummary([passage(1, 'handbook.md', HANDBOOK)]);
    expect(summary?.text).toContain(SHUTDOWN);
    expect(summary?.text).not.toMatch(/handbook|Emergencies|Deliveries\b/);
  });

  it('lists what a search found with a whole sentence of each passage', () => {
    const handbook = passage(1, 'handbook.md', HANDBOOK);
    expect(quoteFrom(handbook, 'the shutdown code')).toBe(SHUTDOWN);
    expect(quoteFrom(handbook, 'anything about lorries')).toBe(SHUTDOWN);
    const text = replyToPassages('Find the documents about the shutdown code', {
      kind: 'passages',
      query: 'shutdown code',
      pdfOnly: false,
      passages: [handbook],
    });
    expect(text).toBe(`Here is what I found in your files:\n\n- **handbook.md** (Upload): ${SHUTDOWN} [1]`);
  });
});

describe('BuiltinLanguageModel in the AI SDK loop (test tools over in-memory passages)', () => {
  const answerTool = tool({
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }): Promise<PassagesOutput> => ({
      kind: 'passages',
      query,
      pdfOnly: false,
      passages: PASSAGES,
    }),
  });
  const emptyTool = tool({
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }): Promise<PassagesOutput> => ({ kind: 'passages', query, pdfOnly: false, passages: [] }),
  });

  it('calls the answer tool, then writes the cited answer', async () => {
    const result = await generateText({
      model: new BuiltinLanguageModel(),
      prompt: 'When was Lumen Labs founded?',
      tools: { answer_from_documents: answerTool },
      stopWhen: stepCountIs(5),
    });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]?.toolCalls[0]).toEqual(
      expect.objectContaining({ toolName: 'answer_from_documents', input: { query: 'When was Lumen Labs founded?' } }),
    );
    expect(result.text).toContain('founded in 2011 in Lisbon. [1]');
  });

  it('says plainly that the documents do not contain the answer', async () => {
    const result = await generateText({
      model: new BuiltinLanguageModel(),
      prompt: 'What is the capital of Peru?',
      tools: { answer_from_documents: emptyTool },
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe(NO_ANSWER_REPLY);
  });

  it('offers no deletion where the delete tool is not available', async () => {
    const result = await generateText({
      model: new BuiltinLanguageModel(),
      prompt: 'Delete the file notes.txt',
      tools: { answer_from_documents: answerTool },
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toMatch(/confirm/);
  });

  it('streams the answer word by word with a turn of the event loop between words', async () => {
    // Counts event-loop turns while the answer streams: a stream that hands over every word in one chain of
    // microtasks would let none run, and the HTTP response would hold the first words back until the end.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const result = streamText({
      model: new BuiltinLanguageModel(),
      prompt: 'When was Lumen Labs founded?',
      tools: { answer_from_documents: answerTool },
      stopWhen: stepCountIs(5),
    });
    let deltas = 0;
    let turnsAtFirstDelta = -1;
    for await (const part of result.fullStream) {
      if (part.type !== 'text-delta') continue;
      deltas++;
      if (turnsAtFirstDelta < 0) turnsAtFirstDelta = turns;
    }
    counting = false;
    expect(deltas).toBeGreaterThan(5);
    expect(turns - turnsAtFirstDelta).toBeGreaterThanOrEqual(deltas - 1);
    expect(await result.text).toContain('founded in 2011 in Lisbon. [1]');
  });
});
