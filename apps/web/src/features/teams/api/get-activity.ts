import { ACTIVITY_PAGE_SIZE, type ActivityList, activityListSchema } from '@lumen/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

/** GET /api/teams/current/activity: the team's events from the audit log, newest first, a page at a time. */
export async function getActivity({
  limit = ACTIVITY_PAGE_SIZE,
  cursor,
}: {
  limit?: number;
  cursor?: string | null | undefined;
}): Promise<ActivityList> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return activityListSchema.parse(await api.get<unknown>(`/teams/current/activity?${params}`));
}

export function getActivityQueryOptions(limit = ACTIVITY_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: teamKeys.activity(limit),
    queryFn: ({ pageParam }) => getActivity({ limit, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The first `limit` entries; `fetchNextPage` loads more. */
export function useActivity(limit = ACTIVITY_PAGE_SIZE) {
  return useInfiniteQuery(getActivityQueryOptions(limit));
}
