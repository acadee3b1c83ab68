import { z } from 'zod';

/**
 * The signed-in user as `GET /api/auth/get-session` returns it. Declared here because packages/contract has no
 * session schema yet; unknown fields are kept.
 */
export const sessionUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  image: z.string().nullish(),
  emailVerified: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `null` when signed out. */
export const sessionSchema = z
  .looseObject({
    session: z.looseObject({ id: z.string(), expiresAt: z.string() }),
    user: sessionUserSchema,
  })
  .nullable();
export type Session = z.infer<typeof sessionSchema>;
