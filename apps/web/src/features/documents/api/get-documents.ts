import {
  type DocumentListQuery,
  type DocumentListResponse,
  type DocumentStatus,
  documentListResponseSchema,
} from '@lumen/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { API_BASE_PATH, api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';

/** Documents one page of the list asks for. */
export const DOCUMENT_LIST_PAGE_SIZE = 20;

/** How often a list showing a document that is still being indexed asks again (the document hub's status column). */
export const DOCUMENT_LIST_POLL_MS = 3000;

/** The server-side filters of GET /api/documents (the document hub); an absent or empty one filters nothing. */
export type DocumentListFilters = Partial<Pick<DocumentListQuery, 'q' | 'source' | 'type' | 'processed'>>;

/** The filters that actually filter, so {} and { q: '' } share one cache entry and one URL. */
function activeFilters(filters: DocumentListFilters): DocumentListFilters {
  const active: DocumentListFilters = {};
  const q = filters.q?.trim();
  if (q) active.q = q;
  if (filters.source) active.source = filters.source;
  if (filters.type) active.type = filters.type;
  if (filters.processed) active.processed = filters.processed;
  return active;
}

/**
 * Under DOCUMENTS_QUERY_KEY, next to the single-document queries, so invalidating it refreshes both. The
 * unfiltered list keeps its original key.
 */
export const documentListQueryKey = (limit: number, filters: DocumentListFilters = {}) => {
  const active = activeFilters(filters);
  return Object.keys(active).length === 0
    ? ([...DOCUMENTS_QUERY_KEY, 'list', limit] as const)
    : ([...DOCUMENTS_QUERY_KEY, 'list', limit, active] as const);
};

/** GET /api/documents?limit=&cursor=&q=&source=&type=&processed=: the user's documents, newest first, a page at a time. */
export async function getDocuments({
  limit = DOCUMENT_LIST_PAGE_SIZE,
  cursor,
  filters = {},
  signal,
}: {
  limit?: number;
  cursor?: string | null | undefined;
  filters?: DocumentListFilters;
  signal?: AbortSignal | undefined;
} = {}): Promise<DocumentListResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  for (const [name, value] of Object.entries(activeFilters(filters))) params.set(name, value);
  return documentListResponseSchema.parse(await api.get<unknown>(`/documents?${params}`, { signal }));
}

const INDEXING_STATUSES: readonly DocumentStatus[] = ['pending', 'processing'];

/** Whether any loaded document is still being indexed (its status will change without the user doing anything). */
export function hasIndexingDocument(data: { pages: DocumentListResponse[] } | undefined): boolean {
  return (
    data?.pages.some((page) => page.documents.some((document) => INDEXING_STATUSES.includes(document.status))) ?? false
  );
}

type DocumentListOptions = {
  filters?: DocumentListFilters;
  /** Refetch every DOCUMENT_LIST_POLL_MS while a listed document is pending or processing. */
  pollWhileIndexing?: boolean;
};

export function getDocumentsQueryOptions(
  limit = DOCUMENT_LIST_PAGE_SIZE,
  { filters = {}, pollWhileIndexing = false }: DocumentListOptions = {},
) {
  return infiniteQueryOptions({
    queryKey: documentListQueryKey(limit, filters),
    queryFn: ({ pageParam, signal }) => getDocuments({ limit, cursor: pageParam, filters, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    refetchInterval: (query) =>
      pollWhileIndexing && hasIndexingDocument(query.state.data) ? DOCUMENT_LIST_POLL_MS : false,
  });
}

/** The first page of the user's documents; `fetchNextPage` loads the next while `hasNextPage`. */
export function useDocuments(limit = DOCUMENT_LIST_PAGE_SIZE, options: DocumentListOptions = {}) {
  return useInfiniteQuery(getDocumentsQueryOptions(limit, options));
}

/** Where the original file opens (GET /api/documents/:id/content, shown inline when the browser can). */
export function getDocumentContentHref(documentId: string): string {
  return `${API_BASE_PATH}/documents/${encodeURIComponent(documentId)}/content`;
}
