/**
 * The client side of `upload-throughput.ts`, in a process of its own as a browser would be: sends SciFact abstracts as
 * `.txt` files to `POST /api/files`, FILES_PER_REQUEST a request, `inFlight` requests at once, and reports what the
 * server answered to its parent over IPC.
 */
import { readFileSync } from 'node:fs';

export interface UploadClientRequest {
  baseUrl: string;
  cookie: string;
  origin: string;
  corpusFile: string;
  documents: number | null;
  filesPerRequest: number;
  inFlight: number;
}

export interface RefusedFile {
  name: string;
  reason?: string;
  message?: string;
}

export interface UploadClientReport {
  files: number;
  accepted: number;
  refused: RefusedFile[];
  failedRequests: string[];
  requestTimes: number[];
  seconds: number;
}

/** A file name from the title, as a person saving the abstract would name it. */
function fileNameOf(id: string, title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N} -]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 8)
    .join(' ');
  return `${words || 'abstract'} ${id}.txt`;
}

async function run(request: UploadClientRequest): Promise<UploadClientReport> {
  const corpus = readFileSync(request.corpusFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { _id: string; title: string; text: string });
  const documents = request.documents ? corpus.slice(0, request.documents) : corpus;
  const batches: Array<typeof documents> = [];
  for (let start = 0; start < documents.length; start += request.filesPerRequest) {
    batches.push(documents.slice(start, start + request.filesPerRequest));
  }
  const report: UploadClientReport = {
    files: documents.length,
    accepted: 0,
    refused: [],
    failedRequests: [],
    requestTimes: [],
    seconds: 0,
  };
  const send = async (batch: typeof documents) => {
    const form = new FormData();
    for (const doc of batch) {
      form.append(
        'files',
        new Blob([`${doc.title}\n\n${doc.text}`], { type: 'text/plain' }),
        fileNameOf(doc._id, doc.title),
      );
    }
    const started = performance.now();
    const response = await fetch(`${request.baseUrl}/api/files`, {
      method: 'POST',
      headers: { cookie: request.cookie, origin: request.origin },
      body: form,
    });
    const body = (await response.json()) as {
      files?: unknown[];
      refused?: RefusedFile[];
      error?: { reason?: string; message?: string };
    };
    report.requestTimes.push(performance.now() - started);
    if (response.ok) {
      report.accepted += body.files?.length ?? 0;
      report.refused.push(...(body.refused ?? []));
    } else {
      report.failedRequests.push(`${response.status} ${body.error?.reason ?? ''} ${body.error?.message ?? ''}`.trim());
    }
  };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: request.inFlight }, async () => {
      while (next < batches.length) {
        const batch = batches[next];
        next += 1;
        if (batch) await send(batch);
      }
    }),
  );
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

process.once('message', (request: UploadClientRequest) => {
  run(request).then(
    (report) => process.send?.(report, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
