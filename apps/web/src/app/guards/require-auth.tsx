import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFollowPostAuthRedirect } from '@/features/auth/hooks/use-follow-post-auth-redirect';
import { useSession } from '@/features/auth/hooks/use-session';
import { savePostAuthRedirect } from '@/features/auth/utils/post-auth-redirect';

/** Sends the visitor to /auth, first remembering where they were going (unless they just signed out). */
function RedirectToAuth({ from }: { from: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (from) savePostAuthRedirect(from);
    navigate(paths.auth.getHref(), { replace: true });
  }, [from, navigate]);
  return null;
}

/**
 * Signed-in guard (docs/product-rules.md#routes-and-guards): a spinner while the session loads; signed-out visitors go
 * to /auth.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const { isLoading, isAuthenticated } = useSession();
  const wasAuthenticated = useRef(false);

  useEffect(() => {
    if (isAuthenticated) wasAuthenticated.current = true;
  }, [isAuthenticated]);

  useFollowPostAuthRedirect(isAuthenticated);

  if (isLoading) return <PageSpinner label={t('common.loading')} />;
  if (!isAuthenticated) {
    // A session that ended here (sign-out) is not an attempt to reach this page.
    return <RedirectToAuth from={wasAuthenticated.current ? null : `${pathname}${search}${hash}`} />;
  }
  return children;
}
