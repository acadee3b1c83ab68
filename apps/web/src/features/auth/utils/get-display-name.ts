import type { SessionUser } from '../types';

type DisplayNameSource = Pick<SessionUser, 'email'> & Partial<Pick<SessionUser, 'name' | 'firstName' | 'lastName'>>;

/**
 * Full name, else first plus last name, else the part of the email before '@', else the fallback
 * (docs/product-rules.md#sign-in-and-accounts).
 */
export function getDisplayName(user: DisplayNameSource | null | undefined, fallback = 'User'): string {
  if (!user) return fallback;
  const fullName = user.name?.trim();
  if (fullName) return fullName;
  const firstAndLast = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  if (firstAndLast) return firstAndLast;
  const emailName = user.email?.split('@')[0]?.trim();
  if (emailName) return emailName;
  return fallback;
}
