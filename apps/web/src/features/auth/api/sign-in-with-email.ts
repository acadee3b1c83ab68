import type { SignInInput } from '@lumen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshSession } from './get-session';

export function signInWithEmail({ email, password }: SignInInput): Promise<unknown> {
  return api.post<unknown>('/auth/sign-in/email', { email, password });
}

type UseSignInWithEmailOptions = { mutationConfig?: MutationConfig<typeof signInWithEmail> };

/** Signs in, then reloads the session before the caller navigates. */
export function useSignInWithEmail({ mutationConfig }: UseSignInWithEmailOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    onSuccess: async (...args) => {
      await refreshSession(queryClient);
      await onSuccess?.(...args);
    },
    mutationFn: signInWithEmail,
  });
}
