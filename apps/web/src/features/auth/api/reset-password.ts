import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export function resetPassword({ newPassword, token }: { newPassword: string; token: string }): Promise<unknown> {
  return api.post<unknown>('/auth/reset-password', { newPassword, token });
}

type UseResetPasswordOptions = { mutationConfig?: MutationConfig<typeof resetPassword> };

export function useResetPassword({ mutationConfig }: UseResetPasswordOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resetPassword });
}
