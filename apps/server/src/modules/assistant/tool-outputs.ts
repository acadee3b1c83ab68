import {
  DOCUMENT_SOURCE_IDS,
  DOCUMENT_STATUS_IDS,
  saveToStorageOutputSchema,
  searchResultSchema,
} from '@lumen/contract';
import { z } from 'zod';

/**
 * What the assistant's tools return to the model. Every passage carries the number `n` the answer cites it by ([n]);
 * numbers are unique within one request, across all tool calls (see citations.ts).
 */
export const passageSchema = searchResultSchema.omit({ chunkId: true, snippet: true }).extend({
  n: z.number().int().positive(),
});
export type Passage = z.infer<typeof passageSchema>;

export const passagesOutputSchema = z.object({
  kind: z.literal('passages'),
  query: z.string(),
  pdfOnly: z.boolean(),
  passages: z.array(passageSchema),
});
export type PassagesOutput = z.infer<typeof passagesOutputSchema>;

export const documentOutputSchema = z.object({
  kind: z.literal('document'),
  /** The document whose ordered passages follow; null when none matched (see `candidates`). */
  document: z.object({ documentId: z.string(), title: z.string(), source: z.enum(DOCUMENT_SOURCE_IDS) }).nullable(),
  passages: z.array(passageSchema),
  /** Titles of the user's documents, when the requested one was not found or was ambiguous. */
  candidates: z.array(z.string()),
});
export type DocumentOutput = z.infer<typeof documentOutputSchema>;

export const workspaceOutputSchema = z.object({
  kind: z.literal('workspace'),
  documents: z.object({
    total: z.number().int(),
    byStatus: z.record(z.enum(DOCUMENT_STATUS_IDS), z.number().int()),
    byType: z.record(z.string(), z.number().int()),
  }),
  recent: z.array(
    z.object({
      documentId: z.string(),
      title: z.string(),
      source: z.enum(DOCUMENT_SOURCE_IDS),
      status: z.enum(DOCUMENT_STATUS_IDS),
      createdAt: z.string(),
    }),
  ),
  conversations: z.number().int(),
});
export type WorkspaceOutput = z.infer<typeof workspaceOutputSchema>;

export const deleteOutputSchema = z.object({
  kind: z.literal('delete'),
  status: z.enum(['deleted', 'not-found', 'ambiguous']),
  title: z.string().nullable(),
  candidates: z.array(z.string()),
});
export type DeleteOutput = z.infer<typeof deleteOutputSchema>;

export const toolOutputSchema = z.discriminatedUnion('kind', [
  passagesOutputSchema,
  documentOutputSchema,
  workspaceOutputSchema,
  deleteOutputSchema,
  saveToStorageOutputSchema,
]);
export type ToolOutput = z.infer<typeof toolOutputSchema>;
