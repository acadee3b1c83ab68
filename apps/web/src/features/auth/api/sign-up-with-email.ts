import { EMAIL_CONFIRMATION_RETURN_PATH, type SignUpInput } from '@lumen/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type SignUpWithEmailInput = SignUpInput & {
  /** An invitation id from the employee sign-up: the server keeps it and joins the team once the email is confirmed. */
  inviteCode?: string | undefined;
};

/** Creates the account; the server mails a link that confirms it, signs in and returns to the callback path. */
export function signUpWithEmail({
  firstName,
  lastName,
  email,
  password,
  inviteCode,
}: SignUpWithEmailInput): Promise<unknown> {
  return api.post<unknown>('/auth/sign-up/email', {
    firstName,
    lastName,
    email,
    password,
    ...(inviteCode ? { inviteCode } : {}),
    callbackURL: EMAIL_CONFIRMATION_RETURN_PATH,
  });
}

type UseSignUpWithEmailOptions = { mutationConfig?: MutationConfig<typeof signUpWithEmail> };

export function useSignUpWithEmail({ mutationConfig }: UseSignUpWithEmailOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: signUpWithEmail });
}
