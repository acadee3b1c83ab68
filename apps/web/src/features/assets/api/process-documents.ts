import { type DocumentSummary, processDocumentsResponseSchema } from '@lumen/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/**
 * POST /api/documents/process: indexes the selected documents again and tags them AI-processed. The caller
 * refreshes whatever lists show them (this feature does not own the documents' cache).
 */
export async function processDocuments(documentIds: string[]): Promise<DocumentSummary[]> {
  const data = await api.post<unknown>('/documents/process', { documentIds });
  return processDocumentsResponseSchema.parse(data).documents;
}

export function useProcessDocuments(config: Omit<MutationConfig<typeof processDocuments>, 'mutationFn'> = {}) {
  return useMutation({ ...config, mutationFn: processDocuments });
}
