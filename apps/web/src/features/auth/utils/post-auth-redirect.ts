import { STORAGE_KEYS } from '@/config/storage-keys';
import { storage } from '@/lib/storage';

/** Only same-app paths are followed: no scheme, no protocol-relative `//host`. */
export function isSafeRedirectPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Remembers where a signed-out visitor was going, so sign-in can return there. */
export function savePostAuthRedirect(path: string): void {
  if (isSafeRedirectPath(path)) storage.set(STORAGE_KEYS.postAuthRedirect, path);
}

/** The saved path, left in place. */
export function peekPostAuthRedirect(): string | null {
  const path = storage.get(STORAGE_KEYS.postAuthRedirect);
  return path && isSafeRedirectPath(path) ? path : null;
}

/** The saved path, removed from storage: it is followed at most once. */
export function consumePostAuthRedirect(): string | null {
  const path = peekPostAuthRedirect();
  storage.remove(STORAGE_KEYS.postAuthRedirect);
  return path;
}
