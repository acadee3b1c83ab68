/** The search module: the BM25 index (packed posting segments, totals), hybrid search with embeddings, and its background jobs. */

export { configureSegmentCache, type IndexedPosting, readIndexedPostings } from './lexical-index.ts';
export { type IndexFollowUps, registerSearchJobs, scheduleIndexFollowUps } from './search.jobs.ts';
export { type ChunkInput, insertIndexedChunks, type PassageInput } from './search.repository.ts';
export { searchRoutes } from './search.routes.ts';
export { type DocumentChunk, getDocumentChunks, searchPassages } from './search.service.ts';
export { analyzePassages, startTextAnalysis } from './text-analysis.ts';
