/** The documents module: uploads, space files, extraction and ingestion into the search index, the document hub. */

export { hasHeadingShape } from './chunk.ts';
export { registerDocumentJobs } from './documents.jobs.ts';
export {
  type DocumentRow,
  deleteSourceDocuments,
  deleteSyncedItem,
  deleteSyncedItemsNotListed,
  findDeletableDocument,
  findSourceVersions,
  findVisibleDocument,
  findVisibleDocumentsByIds,
  markSyncedItemsListed,
  type SyncedItemIdentity,
  updateSyncedItemFields,
} from './documents.repository.ts';
export { documentsRoutes } from './documents.routes.ts';
export { deleteDocument } from './documents.service.ts';
export { ExtractionError, extractPages } from './extract.ts';
export { closeExtractionPool, extractDocumentIsolated } from './extraction-pool.ts';
export {
  type IngestTextFailure,
  type IngestTextInput,
  type IngestTextOutcome,
  type IngestTextResult,
  ingestText,
  ingestTexts,
  isIngestFailure,
  joinPreparedTexts,
  PreparedTexts,
  prepareTexts,
} from './ingest.ts';
