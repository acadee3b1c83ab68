import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Mails a reset link that lands on /auth?mode=reset&token=… */
export function requestPasswordReset({ email }: { email: string }): Promise<unknown> {
  return api.post<unknown>('/auth/request-password-reset', { email, redirectTo: paths.auth.getHref('reset') });
}

type UseRequestPasswordResetOptions = { mutationConfig?: MutationConfig<typeof requestPasswordReset> };

export function useRequestPasswordReset({ mutationConfig }: UseRequestPasswordResetOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}
