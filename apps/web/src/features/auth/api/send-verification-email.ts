import { EMAIL_CONFIRMATION_RETURN_PATH } from '@lumen/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export function sendVerificationEmail({ email }: { email: string }): Promise<unknown> {
  return api.post<unknown>('/auth/send-verification-email', { email, callbackURL: EMAIL_CONFIRMATION_RETURN_PATH });
}

type UseSendVerificationEmailOptions = { mutationConfig?: MutationConfig<typeof sendVerificationEmail> };

export function useSendVerificationEmail({ mutationConfig }: UseSendVerificationEmailOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendVerificationEmail });
}
