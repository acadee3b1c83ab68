import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { type Session, sessionSchema } from '../types';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export async function getSession(): Promise<Session> {
  const data = await api.get<unknown>('/auth/get-session');
  return sessionSchema.parse(data);
}

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession });
}

type UseSessionQueryOptions = { queryConfig?: QueryConfig<typeof getSessionQueryOptions> };

export function useSessionQuery({ queryConfig }: UseSessionQueryOptions = {}) {
  return useQuery({ ...getSessionQueryOptions(), ...queryConfig });
}

/** Drops every other user's cached data and loads the current session, so guards never see a stale one. */
export async function refreshSession(queryClient: QueryClient): Promise<Session> {
  removeUserQueries(queryClient);
  return queryClient.fetchQuery({ ...getSessionQueryOptions(), staleTime: 0 });
}

/** Marks the visitor as signed out in the cache. */
export function clearSession(queryClient: QueryClient) {
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/** Forgets every cached query that belongs to a user (everything but the session itself). */
export function removeUserQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
}
