import { GOOGLE_SIGN_IN_RETURN_PATH } from '@lumen/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

const socialSignInResponseSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  redirect: z.boolean().optional(),
});
export type SocialSignInResponse = z.infer<typeof socialSignInResponseSchema>;

/** Starts Google sign-in; the caller sends the browser to the returned authorization URL. */
export async function signInWithGoogle(): Promise<SocialSignInResponse> {
  const data = await api.post<unknown>('/auth/sign-in/social', {
    provider: 'google',
    callbackURL: GOOGLE_SIGN_IN_RETURN_PATH,
    errorCallbackURL: paths.auth.getHref(),
  });
  return socialSignInResponseSchema.parse(data);
}

type UseSignInWithGoogleOptions = { mutationConfig?: MutationConfig<typeof signInWithGoogle> };

export function useSignInWithGoogle({ mutationConfig }: UseSignInWithGoogleOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: signInWithGoogle });
}
