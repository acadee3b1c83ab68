import { type ConversationDetail, conversationDetailSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/conversations/:id: one conversation with its messages (404 for anyone else's). */
export async function getConversation(conversationId: string): Promise<ConversationDetail> {
  const data = await api.get<unknown>(`/conversations/${encodeURIComponent(conversationId)}`);
  return conversationDetailSchema.parse(data);
}

/** Always read fresh: the chat takes over the messages once they are loaded. */
export function getConversationQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: [...CONVERSATIONS_QUERY_KEY, conversationId],
    queryFn: () => getConversation(conversationId),
    staleTime: 0,
    gcTime: 0,
  });
}

type UseConversationOptions = {
  conversationId: string;
  queryConfig?: QueryConfig<typeof getConversationQueryOptions>;
};

export function useConversation({ conversationId, queryConfig }: UseConversationOptions) {
  return useQuery({ ...getConversationQueryOptions(conversationId), ...queryConfig });
}
