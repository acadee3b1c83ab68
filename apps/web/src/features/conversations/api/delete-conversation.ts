import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getConversationsQueryKey } from './get-conversations';

/** DELETE /api/conversations/:id: deletes a conversation and its messages. */
export function deleteConversation(conversationId: string): Promise<unknown> {
  return api.delete<unknown>(`/conversations/${encodeURIComponent(conversationId)}`);
}

type UseDeleteConversationOptions = {
  /** The space whose list shows the conversation (refreshed after the deletion); none for the main chat's list. */
  spaceId?: string | undefined;
  mutationConfig?: MutationConfig<typeof deleteConversation>;
};

export function useDeleteConversation({ spaceId, mutationConfig }: UseDeleteConversationOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: deleteConversation,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: getConversationsQueryKey(spaceId), exact: true });
      return onSuccess?.(...args);
    },
  });
}
