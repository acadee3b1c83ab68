import { type Department, departmentsSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { teamKeys } from './keys';

/** GET /api/teams/current/departments: the team's departments by name. */
export async function getDepartments(): Promise<Department[]> {
  return departmentsSchema.parse(await api.get<unknown>('/teams/current/departments')).departments;
}

export function getDepartmentsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.departments, queryFn: getDepartments });
}

type UseDepartmentsOptions = { queryConfig?: QueryConfig<typeof getDepartmentsQueryOptions> };

export function useDepartments({ queryConfig }: UseDepartmentsOptions = {}) {
  return useQuery({ ...getDepartmentsQueryOptions(), ...queryConfig });
}
