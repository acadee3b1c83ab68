import { type DocumentListResponse, documentListResponseSchema } from '@lumen/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { API_BASE_PATH, api } from '@/lib/api-client';

/** Documents one page of the list asks for. */
export const DOCUMENT_LIST_PAGE_SIZE = 20;

/** Under ['documents'], next to the single-document queries, so invalidating ['documents'] refreshes both. */
export const documentListQueryKey = (limit: number) => ['documents', 'list', limit] as const;

/** GET /api/documents?limit=&cursor=: the user's documents, newest first, a page at a time. */
export async function getDocuments({
  limit = DOCUMENT_LIST_PAGE_SIZE,
  cursor,
  signal,
}: {
  limit?: number;
  cursor?: string | null | undefined;
  signal?: AbortSignal | undefined;
} = {}): Promise<DocumentListResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return documentListResponseSchema.parse(await api.get<unknown>(`/documents?${params}`, { signal }));
}

export function getDocumentsQueryOptions(limit = DOCUMENT_LIST_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: documentListQueryKey(limit),
    queryFn: ({ pageParam, signal }) => getDocuments({ limit, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The first page of the user's documents; `fetchNextPage` loads the next while `hasNextPage`. */
export function useDocuments(limit = DOCUMENT_LIST_PAGE_SIZE) {
  return useInfiniteQuery(getDocumentsQueryOptions(limit));
}

/** Where the original file opens (GET /api/documents/:id/content, shown inline when the browser can). */
export function getDocumentContentHref(documentId: string): string {
  return `${API_BASE_PATH}/documents/${encodeURIComponent(documentId)}/content`;
}
