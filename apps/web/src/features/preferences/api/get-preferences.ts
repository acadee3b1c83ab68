import { type UserPreferences, userPreferencesSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export const PREFERENCES_QUERY_KEY = ['me', 'preferences'] as const;

/** GET /api/me/preferences: the user's saved preferences (the defaults when none are saved). */
export async function getPreferences(): Promise<UserPreferences> {
  const data = await api.get<unknown>('/me/preferences');
  return userPreferencesSchema.parse(data);
}

export function getPreferencesQueryOptions() {
  return queryOptions({ queryKey: PREFERENCES_QUERY_KEY, queryFn: getPreferences });
}

type UsePreferencesOptions = { queryConfig?: QueryConfig<typeof getPreferencesQueryOptions> };

export function usePreferences({ queryConfig }: UsePreferencesOptions = {}) {
  return useQuery({ ...getPreferencesQueryOptions(), ...queryConfig });
}
