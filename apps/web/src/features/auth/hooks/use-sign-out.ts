import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { AUTH_TIMINGS } from '@/config/ui';
import { clearSession, removeUserQueries } from '../api/get-session';
import { useSignOutMutation } from '../api/sign-out';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';

type UseSignOutOptions = {
  /**
   * Stay on the current page, signed out, instead of going to /auth (the invitation page, which then offers to sign
   * in with the invited account).
   */
  stayOnPage?: boolean;
};

/** Signs out and says so; then goes to /auth shortly after (AUTH_TIMINGS.signOutRedirectMs) unless `stayOnPage`. */
export function useSignOut({ stayOnPage = false }: UseSignOutOptions = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useSignOutMutation();

  const signOut = async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      toast.error(getAuthErrorMessage(t, error, t('auth.toasts.signOutFailed')));
      return;
    }
    toast.success(t('auth.toasts.signOutSuccess'));
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
