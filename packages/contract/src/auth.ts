import { z } from 'zod';

/**
 * Validation messages shared by the forms and the server. The server sends the English text with its reason
 * (ERROR_REASONS); the web app translates by the reason.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Names must be at most 100 characters',
  inviteCodeInvalid: 'Invite code must be a valid UUID',
  tokenRequired: 'Reset token is required',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.emailRequired })
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

function nameSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(100, { error: AUTH_MESSAGES.nameTooLong });
}

/** Optional invite code on the employee pages: empty, or a UUID. */
export const inviteCodeSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || z.uuid().safeParse(value).success, { error: AUTH_MESSAGES.inviteCodeInvalid });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, { error: AUTH_MESSAGES.passwordRequired }),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  firstName: nameSchema(AUTH_MESSAGES.firstNameRequired),
  lastName: nameSchema(AUTH_MESSAGES.lastNameRequired),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const employeeSignInSchema = signInSchema.extend({ inviteCode: inviteCodeSchema.optional() });
export const employeeSignUpSchema = signUpSchema.extend({ inviteCode: inviteCodeSchema.optional() });

export const requestPasswordResetSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  newPassword: newPasswordSchema,
  token: z.string({ error: AUTH_MESSAGES.tokenRequired }).min(1, { error: AUTH_MESSAGES.tokenRequired }),
});

/** Where each sign-in method returns to (docs/product-rules.md#sign-in-and-accounts). */
export const EMAIL_CONFIRMATION_RETURN_PATH = '/employee-dashboard';
export const GOOGLE_SIGN_IN_RETURN_PATH = '/chat';
