import { type AnalyticsGoals, analyticsGoalsSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type InvalidatingMutationConfig, useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { analyticsKeys } from './keys';

/**
 * PUT /api/analytics/goals: the team's new goals, as saved (team admins; 403 ANALYTICS_GOALS_ADMINS_ONLY otherwise, 400
 * with the contract's messages for a goal out of range).
 */
export async function updateAnalyticsGoals(goals: AnalyticsGoals): Promise<AnalyticsGoals> {
  return analyticsGoalsSchema.parse(await api.put<unknown>('/analytics/goals', goals));
}

/** Saves the goals; once saved, every period's analytics is read again (their goal figures changed). */
export function useUpdateAnalyticsGoals(config?: InvalidatingMutationConfig<AnalyticsGoals, AnalyticsGoals>) {
  return useInvalidatingMutation([analyticsKeys.all], updateAnalyticsGoals, config);
}
