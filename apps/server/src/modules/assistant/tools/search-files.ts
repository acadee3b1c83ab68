import { TOOL_QUERY_MAX_CHARS } from '@lumen/contract';
import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import type { AssistantSession } from '../session.ts';
import type { PassagesOutput } from '../tool-outputs.ts';
import { platformInput } from './platform-input.ts';
import { retrievePassages } from './retrieval.ts';

export const PDF_MIME_TYPE = 'application/pdf';
const SEARCH_LIMIT = 8;

/** Built once (see answer-from-documents.ts). */
const inputSchema = zodSchema(
  z.object({
    query: z.string().min(1).max(TOOL_QUERY_MAX_CHARS).describe('What to look for, in the words of the question'),
    pdfOnly: z.boolean().optional().describe('Only search PDF documents'),
    platform: platformInput,
  }),
);

/** search_files: ranked passages from the user's files (only PDFs when asked). Thinking type 'search' / 'pdf-search'. */
export const searchFiles = (session: AssistantSession) =>
  tool({
    description:
      "Search the user's files (uploads and connected platforms) for passages about a topic. Returns numbered passages; cite them as [n]. Set pdfOnly when the user asks about PDFs.",
    inputSchema,
    execute: async ({ query, pdfOnly, platform }): Promise<PassagesOutput> => {
      const results = await retrievePassages(session, {
        query,
        limit: SEARCH_LIMIT,
        ...(pdfOnly ? { mimeType: PDF_MIME_TYPE } : {}),
        ...(platform ? { platform } : {}),
      });
      return { kind: 'passages', query, pdfOnly: pdfOnly === true, passages: session.registry.register(results) };
    },
  });
