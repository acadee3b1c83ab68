import type { z } from 'zod';

export type FieldErrors<TValues> = Partial<Record<keyof TValues & string, string>>;

/** The first message of each top-level field, from a failed zod parse. */
export function getFieldErrors<TValues>(error: z.ZodError<TValues>): FieldErrors<TValues> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<TValues>;
}
