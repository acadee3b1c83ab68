import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { AUTH_TIMINGS } from '@/config/ui';
import { clearSession, removeUserQueries } from '../api/get-session';
import { useRevokeSessionsMutation } from '../api/revoke-sessions';
import { useSignOutMutation } from '../api/sign-out';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';

type UseSignOutOptions = {
  /**
   * Stay on the current page, signed out, instead of going to /auth (the invitation page, which then offers to sign
   * in with the invited account).
   */
  stayOnPage?: boolean;
  /** End every session of the account, on every device, this one included ('Sign out everywhere'). */
  isEverywhere?: boolean;
};

/**
 * Signs out (of this browser, or `isEverywhere` of every session of the account) and says so; then goes to /auth
 * shortly after (AUTH_TIMINGS.signOutRedirectMs) unless `stayOnPage`.
 */
export function useSignOut({ stayOnPage = false, isEverywhere = false }: UseSignOutOptions = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = useSignOutMutation();
  const everywhere = useRevokeSessionsMutation();
  const mutation = isEverywhere ? everywhere : here;

  const signOut = async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      const failed = isEverywhere ? t('settings.security.signOutEverywhereFailed') : t('auth.toasts.signOutFailed');
      toast.error(getAuthErrorMessage(t, error, failed));
      return;
    }
    toast.success(isEverywhere ? t('settings.security.signedOutEverywhere') : t('auth.toasts.signOutSuccess'));
    if (stayOnPage) {
      clearSession(queryClient);
      return;
    }
    window.setTimeout(() => {
      clearSession(queryClient);
      Promise.resolve(navigate(paths.auth.getHref(), { replace: true })).finally(() => removeUserQueries(queryClient));
    }, AUTH_TIMINGS.signOutRedirectMs);
  };

  return { signOut, isSigningOut: mutation.isPending };
}
