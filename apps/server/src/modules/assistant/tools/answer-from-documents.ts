import { TOOL_QUERY_MAX_CHARS } from '@lumen/contract';
import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import type { AssistantSession } from '../session.ts';
import type { PassagesOutput } from '../tool-outputs.ts';
import { platformInput } from './platform-input.ts';
import { retrievePassages } from './retrieval.ts';

const ANSWER_LIMIT = 8;

/** Built once: the AI SDK converts a schema object to JSON Schema on first use and keeps the result. */
const inputSchema = zodSchema(
  z.object({
    query: z.string().min(1).max(TOOL_QUERY_MAX_CHARS).describe('The question to answer'),
    platform: platformInput,
  }),
);

/** answer_from_documents: the passages that best answer a question (retrieval-grounded answer). Thinking type 'rag'. */
export const answerFromDocuments = (session: AssistantSession) =>
  tool({
    description:
      "Retrieve the passages of the user's documents that answer a question. Answer only from them and cite each fact as [n]; if they do not contain the answer, say so.",
    inputSchema,
    execute: async ({ query, platform }): Promise<PassagesOutput> => {
      const results = await retrievePassages(session, {
        query,
        limit: ANSWER_LIMIT,
        ...(platform ? { platform } : {}),
      });
      return { kind: 'passages', query, pdfOnly: false, passages: session.registry.register(results) };
    },
  });
