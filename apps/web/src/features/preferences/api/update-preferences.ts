import { type UserPreferences, userPreferencesSchema } from '@lumen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { PREFERENCES_QUERY_KEY } from './get-preferences';

/** PUT /api/me/preferences: saves any subset of the preferences; answers with all of them. */
export async function updatePreferences(changes: Partial<UserPreferences>): Promise<UserPreferences> {
  const data = await api.put<unknown>('/me/preferences', changes);
  return userPreferencesSchema.parse(data);
}

type UseUpdatePreferencesOptions = { mutationConfig?: MutationConfig<typeof updatePreferences> };

export function useUpdatePreferences({ mutationConfig }: UseUpdatePreferencesOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updatePreferences,
    onSuccess: (...args) => {
      queryClient.setQueryData(PREFERENCES_QUERY_KEY, args[0]);
      return onSuccess?.(...args);
    },
  });
}
