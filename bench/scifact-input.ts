import type { IngestTextInput } from '../apps/server/src/modules/documents/ingest.ts';

/** A SciFact abstract as the benches index it: one plain-text page, keyed by its corpus id. */
export interface ScifactDocument {
  _id: string;
  title: string;
  text: string;
}

export function toScifactIngestInput(doc: ScifactDocument, ownerId: string): IngestTextInput {
  return {
    ownerId,
    source: 'upload',
    externalId: `scifact:${doc._id}`,
    title: doc.title,
    mimeType: 'text/plain',
    pages: [{ page: null, text: doc.text }],
    contentHash: doc._id,
  };
}
