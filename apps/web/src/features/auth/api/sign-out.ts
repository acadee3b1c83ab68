import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export function signOut(): Promise<unknown> {
  return api.post<unknown>('/auth/sign-out', {});
}

type UseSignOutMutationOptions = { mutationConfig?: MutationConfig<typeof signOut> };

export function useSignOutMutation({ mutationConfig }: UseSignOutMutationOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: signOut });
}
