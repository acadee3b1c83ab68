import { type AssistantModelInfo, assistantModelInfoSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/assistant/model: which model answers. */
export async function getAssistantModel(): Promise<AssistantModelInfo> {
  const data = await api.get<unknown>('/assistant/model');
  return assistantModelInfoSchema.parse(data);
}

export function getAssistantModelQueryOptions() {
  return queryOptions({ queryKey: ['assistant', 'model'], queryFn: getAssistantModel, staleTime: 5 * 60 * 1000 });
}

type UseAssistantModelOptions = { queryConfig?: QueryConfig<typeof getAssistantModelQueryOptions> };

export function useAssistantModel({ queryConfig }: UseAssistantModelOptions = {}) {
  return useQuery({ ...getAssistantModelQueryOptions(), ...queryConfig });
}
