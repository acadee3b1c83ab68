import { randomUUID } from 'node:crypto';
import { type DocumentSource, NO_TEXT_FOUND } from '@lumen/contract';
import { type Database, isPgliteHandle } from '../../platform/db.ts';
import { analyzePassages, type ChunkInput, insertIndexedChunks, type PassageInput } from '../search/index.ts';
import { type Chunk, type ChunkOptions, chunkPages, type ExtractedPage } from './chunk.ts';
import {
  deleteDocumentChunks,
  type IndexedDocumentValues,
  insertDocuments,
  lockDocumentsForIngestion,
  lockIngestionIdentities,
  updateIndexedDocuments,
  updateSourceFields,
} from './documents.repository.ts';

export interface IngestTextInput {
  ownerId: string;
  source: DocumentSource;
  /** The item's id at its source (a Drive file id; our file id for uploads): re-ingesting it updates one document. */
  externalId?: string | null;
  title: string;
  mimeType: string | null;
  pages: ExtractedPage[];
  /** Hash of the source content: the same hash and title mean there is nothing to re-index. */
  contentHash: string;
  fileId?: string | null;
  teamId?: string | null;
  spaceId?: string | null;
  url?: string | null;
  modifiedAt?: Date | null;
  /** A synced item: lower-cased emails the source shares it with (modules/access), and its version at the source. */
  sharedWith?: string[];
  sourceVersion?: string | null;
  chunking?: ChunkOptions;
  /** The passages, when they were made off the main thread with the pages (`extractDocumentIsolated`). */
  chunks?: Chunk[];
}

export interface IngestTextResult {
  documentId: string;
  /** False when the document was already indexed with the same content and title (nothing was done). */
  isIndexed: boolean;
  chunkCount: number;
}

/** An ingestion of a batch that failed: the others of the batch are indexed all the same. */
export interface IngestTextFailure {
  error: unknown;
}

export type IngestTextOutcome = IngestTextResult | IngestTextFailure;

export function isIngestFailure(outcome: IngestTextOutcome): outcome is IngestTextFailure {
  return 'error' in outcome;
}

/**
 * A transaction indexes at most this many documents, and a statement at most this many passages: large enough that a
 * statement's own cost (round trip, plan, triggers) is spread thin and a sync window (256 items) is one statement,
 * small enough to keep a statement's memory modest (ADR 0098).
 */
export const DOCUMENTS_PER_TRANSACTION = 256;
const PASSAGES_PER_STATEMENT = 4000;

/**
 * The title as it is indexed: a file name's words one by one ("Q3_budget-final.xlsx" as "Q3 budget final xlsx"), which
 * PostgreSQL's parser would otherwise read as a single file-name token.
 */
export function indexedTitle(title: string): string {
  const match = /^(.+)\.([a-z0-9]{1,5})$/i.exec(title.trim());
  if (!match?.[1]) return title;
  return `${match[1].replace(/[_.-]+/g, ' ').trim()} ${match[2]}`;
}

/**
 * Indexes text as a ready document: chunks (paragraphs within pages), their postings, and the document's fields. The
 * one entry point for a single document, for every source: uploads (after extraction), the assistant's tests; it is
 * `ingestTexts` with one input, and throws what that reports.
 */
export async function ingestText(db: Database, input: IngestTextInput): Promise<IngestTextResult> {
  const [outcome] = await ingestTexts(db, [input]);
  if (!outcome) throw new Error('ingestTexts answered nothing');
  if (isIngestFailure(outcome)) throw outcome.error;
  return outcome;
}

interface PreparedInput {
  values: IndexedDocumentValues;
  passages: PassageInput[];
  titleForIndex: string;
  /** The passages' terms from the analysis worker (ADR 0095), once asked; null entries: the statement analyses. */
  vectors?: Array<string | null>;
}

/**
 * Texts chunked and analysed ahead of their ingestion (`prepareTexts`), so a caller can prepare the next batch while
 * the database indexes this one.
 */
export class PreparedTexts {
  constructor(readonly inputs: readonly PreparedInput[]) {}
}

/** Prepared texts one after the other, as one batch for `ingestTexts`. */
export function joinPreparedTexts(parts: readonly PreparedTexts[]): PreparedTexts {
  return new PreparedTexts(parts.flatMap((part) => part.inputs));
}

/**
 * Chunks the texts and has their passages analysed on the analysis worker (on the embedded database), for
 * `ingestTexts`: the database is not touched.
 */
export async function prepareTexts(db: Database, inputs: IngestTextInput[]): Promise<PreparedTexts> {
  const prepared = inputs.map(prepareInput);
  await analyzeInputs(db, prepared);
  return new PreparedTexts(prepared);
}

/**
 * Fills in the passages' vectors of the inputs not analysed yet, in one request to the analysis worker. Only on the
 * embedded database, whose one thread would otherwise analyse them: a PostgreSQL server analyses in its own processes.
 */
async function analyzeInputs(db: Database, inputs: readonly PreparedInput[]): Promise<void> {
  if (!isPgliteHandle(db)) return;
  const pending = inputs.filter((input) => input.vectors === undefined);
  if (pending.length === 0) return;
  const titles: string[] = [];
  const texts: string[] = [];
  for (const input of pending) {
    for (const passage of input.passages) {
      titles.push(input.titleForIndex);
      texts.push(passage.text);
    }
  }
  const vectors = await analyzePassages(titles, texts);
  let position = 0;
  for (const input of pending) {
    input.vectors = input.passages.map(() => vectors?.[position++] ?? null);
  }
}

/** What makes two inputs the same document: the external id, else (none) the content hash. */
function identityKey(identity: {
  ownerId: string;
  source: string;
  externalId: string | null;
  contentHash: string | null;
}) {
  return identity.externalId !== null
    ? JSON.stringify([identity.ownerId, identity.source, 'id', identity.externalId])
    : JSON.stringify([identity.ownerId, identity.source, 'hash', identity.contentHash]);
}

function prepareInput(input: IngestTextInput): PreparedInput {
  const extracted = input.chunks ?? chunkPages(input.pages, input.chunking);
  const hasText = extracted.length > 0;
  const passages = hasText ? extracted : [{ ordinal: 0, page: null, text: input.title }];
  const pageNumbers = input.pages.map((page) => page.page).filter((page): page is number => page !== null);
  const values: IndexedDocumentValues = {
    ownerId: input.ownerId,
    source: input.source,
    externalId: input.externalId ?? null,
    title: input.title,
    mimeType: input.mimeType,
    contentHash: input.contentHash,
    error: hasText ? null : NO_TEXT_FOUND,
    pageCount: pageNumbers.length > 0 ? Math.max(...pageNumbers) : null,
    chunkCount: passages.length,
    ...(input.fileId !== undefined ? { fileId: input.fileId } : {}),
    ...(input.teamId !== undefined ? { teamId: input.teamId } : {}),
    ...(input.spaceId !== undefined ? { spaceId: input.spaceId } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.modifiedAt !== undefined ? { modifiedAt: input.modifiedAt } : {}),
    ...(input.sharedWith !== undefined ? { sharedWith: input.sharedWith } : {}),
    ...(input.sourceVersion !== undefined ? { sourceVersion: input.sourceVersion } : {}),
  };
  return { values, passages, titleForIndex: indexedTitle(input.title) };
}

/**
 * Indexes many texts as ready documents in few statements: per transaction of up to DOCUMENTS_PER_TRANSACTION
 * documents, one statement locks the documents they update, one inserts the new ones, one removes the changed ones'
 * old passages, and one per PASSAGES_PER_STATEMENT passages stores the passages with their postings. Outcomes are in
 * the order of the inputs.
 *
 * The same semantics as one ingestion at a time: the same owner, source and external id (or, without an external id,
 * the same content hash) always update one document, and an unchanged content hash and title skip the work (only the
 * source's fields, such as sharing and version, are updated). A document without any text is indexed by its title and
 * marked NO_TEXT_FOUND. A document is written ready together with its passages, and replaced passages go in the same
 * transaction as the new ones come: search sees the old passages or the new ones, never a mix. An input that fails
 * (a value the database refuses) is reported as an IngestTextFailure and the others of its batch are indexed all the
 * same: a failed transaction is tried again in halves down to the failing input. The same document twice in one call
 * is indexed in order, the later input last.
 */
export async function ingestTexts(
  db: Database,
  inputs: IngestTextInput[] | PreparedTexts,
): Promise<IngestTextOutcome[]> {
  const prepared = inputs instanceof PreparedTexts ? inputs.inputs : inputs.map(prepareInput);
  const outcomes: IngestTextOutcome[] = new Array(prepared.length);
  // Rounds in which each document occurs at most once (a statement cannot write one row twice).
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  prepared.forEach(({ values }, index) => {
    const key = identityKey(values);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    const members = rounds[round] ?? [];
    members.push(index);
    rounds[round] = members;
  });
  const batches = rounds.flatMap((round) => splitEvenly(round, DOCUMENTS_PER_TRANSACTION));
  const analyzeBatch = (batch: number[] | undefined) =>
    batch
      ? analyzeInputs(
          db,
          batch.map((index) => prepared[index] as PreparedInput),
        )
      : Promise.resolve();
  // The next batch is analysed while this one is indexed.
  let analyzing = analyzeBatch(batches[0]);
  for (const [number, batch] of batches.entries()) {
    await analyzing;
    analyzing = analyzeBatch(batches[number + 1]);
    await ingestOrSplit(db, batch, prepared, outcomes);
  }
  return outcomes;
}

/**
 * Items in as few parts as the limit allows, of even sizes: 256 in parts of at most 200 are two of 128, not 200 and 56
 * (a small statement writes almost as many segment rows and lexeme updates as a full one, ADR 0098).
 */
function splitEvenly<T>(items: readonly T[], limit: number): T[][] {
  const parts = Math.ceil(items.length / limit);
  return Array.from({ length: parts }, (_, part) =>
    items.slice(Math.round((part * items.length) / parts), Math.round(((part + 1) * items.length) / parts)),
  );
}

/** One transaction for the batch; when it fails, each half in its own, down to the single input that fails. */
async function ingestOrSplit(
  db: Database,
  batch: number[],
  prepared: readonly PreparedInput[],
  outcomes: IngestTextOutcome[],
): Promise<void> {
  try {
    const results = await db.transaction((tx) =>
      ingestBatch(
        tx,
        batch.map((index) => prepared[index] as PreparedInput),
      ),
    );
    results.forEach((result, position) => {
      outcomes[batch[position] as number] = result;
    });
  } catch (error) {
    if (batch.length === 1) {
      outcomes[batch[0] as number] = { error };
      return;
    }
    const middle = Math.ceil(batch.length / 2);
    await ingestOrSplit(db, batch.slice(0, middle), prepared, outcomes);
    await ingestOrSplit(db, batch.slice(middle), prepared, outcomes);
  }
}

/** Indexes a batch of distinct documents inside a transaction. */
async function ingestBatch(tx: Database, batch: PreparedInput[]): Promise<IngestTextResult[]> {
  await lockIngestionIdentities(
    tx,
    batch.map(({ values }) => identityKey(values)),
  );
  const existing = new Map(
    (
      await lockDocumentsForIngestion(
        tx,
        batch.map(({ values }) => values),
      )
    ).map((row) => [identityKey(row), row] as const),
  );
  const results: IngestTextResult[] = [];
  const created: Array<{ id: string; values: IndexedDocumentValues }> = [];
  const changed: Array<{ id: string; values: IndexedDocumentValues }> = [];
  const passages: ChunkInput[] = [];
  const indexedTitles = new Map<string, string>();
  for (const { values, passages: own, titleForIndex, vectors } of batch) {
    const current = existing.get(identityKey(values));
    if (current?.status === 'ready' && current.contentHash === values.contentHash && current.title === values.title) {
      // Same text: only what the source says about the item (sharing, version, link) may have moved.
      await updateSourceFields(tx, current.id, values);
      results.push({ documentId: current.id, isIndexed: false, chunkCount: current.chunkCount });
      continue;
    }
    const documentId = current?.id ?? randomUUID();
    (current ? changed : created).push({ id: documentId, values });
    own.forEach((passage, position) => {
      passages.push({ ...passage, documentId, vector: vectors?.[position] ?? null });
    });
    indexedTitles.set(documentId, titleForIndex);
    results.push({ documentId, isIndexed: true, chunkCount: own.length });
  }
  await deleteDocumentChunks(
    tx,
    changed.map(({ id }) => id),
  );
  await updateIndexedDocuments(tx, changed);
  await insertDocuments(tx, created);
  for (const slice of splitEvenly(passages, PASSAGES_PER_STATEMENT)) {
    await insertIndexedChunks(tx, slice, titlesOf(slice, indexedTitles));
  }
  return results;
}

/** The indexed titles of the documents these passages belong to. */
function titlesOf(passages: ChunkInput[], indexedTitles: ReadonlyMap<string, string>): Map<string, string> {
  const titles = new Map<string, string>();
  for (const { documentId } of passages) {
    if (!titles.has(documentId)) titles.set(documentId, indexedTitles.get(documentId) ?? '');
  }
  return titles;
}
