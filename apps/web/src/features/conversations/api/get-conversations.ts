import { type Conversation, conversationListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** The list of one space's conversations, or (without a space) the main chat's list. */
export function getConversationsQueryKey(spaceId?: string) {
  return spaceId ? ([...CONVERSATIONS_QUERY_KEY, 'space', spaceId] as const) : CONVERSATIONS_QUERY_KEY;
}

/**
 * GET /api/conversations: the user's conversations, most recently active first: those of one space, or without
 * `spaceId` those outside every space.
 */
export async function getConversations(spaceId?: string): Promise<Conversation[]> {
  const data = await api.get<unknown>(
    spaceId ? `/conversations?${new URLSearchParams({ spaceId })}` : '/conversations',
  );
  return conversationListSchema.parse(data).conversations;
}

export function getConversationsQueryOptions(spaceId?: string) {
  return queryOptions({ queryKey: getConversationsQueryKey(spaceId), queryFn: () => getConversations(spaceId) });
}

type UseConversationsOptions = {
  spaceId?: string | undefined;
  queryConfig?: QueryConfig<typeof getConversationsQueryOptions>;
};

export function useConversations({ spaceId, queryConfig }: UseConversationsOptions = {}) {
  return useQuery({ ...getConversationsQueryOptions(spaceId), ...queryConfig });
}
