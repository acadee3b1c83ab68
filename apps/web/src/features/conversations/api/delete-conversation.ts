import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';

/** DELETE /api/conversations/:id: deletes a conversation and its messages. */
export function deleteConversation(conversationId: string): Promise<unknown> {
  return api.delete<unknown>(`/conversations/${encodeURIComponent(conversationId)}`);
}

type UseDeleteConversationOptions = { mutationConfig?: MutationConfig<typeof deleteConversation> };

export function useDeleteConversation({ mutationConfig }: UseDeleteConversationOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: deleteConversation,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
      return onSuccess?.(...args);
    },
  });
}
