import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Ends every session of the account, on every device, this one included ('Sign out everywhere'). */
export function revokeSessions(): Promise<unknown> {
  return api.post<unknown>('/auth/revoke-sessions', {});
}

type UseRevokeSessionsMutationOptions = { mutationConfig?: MutationConfig<typeof revokeSessions> };

export function useRevokeSessionsMutation({ mutationConfig }: UseRevokeSessionsMutationOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: revokeSessions });
}
