import { parentPort } from 'node:worker_threads';
import { ExtractionError, extractPages, TOO_COMPLEX_REASON } from './extract.ts';
import { chunkExtractedPages, type ExtractionReply, type ExtractionRequest } from './extraction-pool.ts';

/**
 * The extraction worker (ADR 0110): reads and chunks one document at a time with `extractPages`, within the heap limit its pool
 * gave it; the pool terminates it when a document takes too long.
 */
const port = parentPort;
if (!port) throw new Error('The extraction worker runs in a worker thread');

port.on('message', async (request: ExtractionRequest) => {
  let reply: ExtractionReply;
  try {
    const pages = await extractPages(Buffer.from(request.content), request.mimeType, request.options);
    // Chunking too: text without sentence breaks takes seconds per megabyte to split, which is no work for the server's
    // own thread.
    reply = { id: request.id, ...chunkExtractedPages(pages) };
  } catch (error) {
    if (error instanceof ExtractionError) reply = { id: request.id, refusal: error.message };
    // A string or array past V8's length, or recursion past the stack: the file's size did it, not a fault of ours.
    else if (error instanceof RangeError) reply = { id: request.id, refusal: TOO_COMPLEX_REASON };
    else reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies ExtractionReply);
