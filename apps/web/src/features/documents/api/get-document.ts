import { type DocumentStatus, type DocumentSummary, documentSummarySchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** How often a document that is still being indexed is asked about. */
export const DOCUMENT_POLL_MS = 1500;

const documentResponseSchema = z.union([
  documentSummarySchema,
  z.object({ document: documentSummarySchema }).transform((body) => body.document),
]);

/** GET /api/documents/:id: one of the user's documents with its indexing status. */
export async function getDocument(documentId: string): Promise<DocumentSummary> {
  const data = await api.get<unknown>(`/documents/${encodeURIComponent(documentId)}`);
  return documentResponseSchema.parse(data);
}

export function isFinalStatus(status: DocumentStatus | undefined): boolean {
  return status === 'ready' || status === 'failed';
}

/** Polls until the document is ready or failed. */
export function getDocumentQueryOptions(documentId: string) {
  return queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, documentId],
    queryFn: () => getDocument(documentId),
    refetchInterval: (query) => (isFinalStatus(query.state.data?.status) ? false : DOCUMENT_POLL_MS),
    staleTime: 0,
  });
}

type UseDocumentOptions = { documentId: string; queryConfig?: QueryConfig<typeof getDocumentQueryOptions> };

export function useDocument({ documentId, queryConfig }: UseDocumentOptions) {
  return useQuery({ ...getDocumentQueryOptions(documentId), ...queryConfig });
}
