import { type Conversation, conversationListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/conversations: the user's conversations, most recently active first. */
export async function getConversations(): Promise<Conversation[]> {
  const data = await api.get<unknown>('/conversations');
  return conversationListSchema.parse(data).conversations;
}

export function getConversationsQueryOptions() {
  return queryOptions({ queryKey: CONVERSATIONS_QUERY_KEY, queryFn: getConversations });
}

type UseConversationsOptions = { queryConfig?: QueryConfig<typeof getConversationsQueryOptions> };

export function useConversations({ queryConfig }: UseConversationsOptions = {}) {
  return useQuery({ ...getConversationsQueryOptions(), ...queryConfig });
}
