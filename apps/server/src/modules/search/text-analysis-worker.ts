import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { ANALYSIS_SQL, type AnalysisReply, type AnalysisRequest } from './text-analysis-protocol.ts';

/**
 * The text analysis worker (ADR 0095): an in-memory PGlite of the same build as the app's, whose only work is
 * `to_tsvector('english', ...)` for passages about to be indexed, on a core of its own.
 */
const port = parentPort;
if (!port) throw new Error('The text analysis worker runs in a worker thread');

const database = new PGlite();
// Starting takes seconds (an in-memory initdb); the app analyses in its own statement until this says ready.
await database.query(ANALYSIS_SQL, [['warm'], ['up']]);
port.postMessage({ ready: true } satisfies AnalysisReply);

port.on('message', async (request: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    const result = await database.query<{ vector: string }>(ANALYSIS_SQL, [request.titles, request.texts]);
    reply = { id: request.id, vectors: result.rows.map((row) => row.vector) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
