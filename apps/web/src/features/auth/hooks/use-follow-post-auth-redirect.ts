import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { consumePostAuthRedirect } from '../utils/post-auth-redirect';

/**
 * Once the visitor is signed in (by password, Google or an email link), follows the saved post-auth redirect once:
 * the key is removed, and the browser goes there unless it is already on it.
 */
export function useFollowPostAuthRedirect(isAuthenticated: boolean) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const currentPath = `${pathname}${search}${hash}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the sign-in state changes, not on every navigation.
  useEffect(() => {
    if (!isAuthenticated) return;
    const target = consumePostAuthRedirect();
    if (target && target !== currentPath) navigate(target, { replace: true });
  }, [isAuthenticated]);
}
