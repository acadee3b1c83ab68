import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useUrlParams } from '@/hooks/use-url-params';
import { isApiError } from '@/lib/api-client';
import { useAcceptSpaceInvitation } from '../api/accept-space-invitation';

/** The query parameter of a space invitation link (/spaces-management?token=…). */
export const SPACE_INVITATION_TOKEN_PARAM = 'token';

/**
 * Accepts the space invitation of a `?token=` link once, tells the outcome in a toast, and then drops the parameter
 * so a reload does not try again.
 */
export function useAcceptSpaceInvitationFromUrl() {
  const { t } = useTranslation('spaces');
  const { searchParams, updateParams } = useUrlParams();
  const token = searchParams.get(SPACE_INVITATION_TOKEN_PARAM);
  const accept = useAcceptSpaceInvitation();
  const { mutateAsync } = accept;
  // Effects can run twice (StrictMode, re-renders before the URL changes); a token is accepted only once.
  const handledToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handledToken.current === token) return;
    handledToken.current = token;
    const run = async () => {
      try {
        await mutateAsync(token);
        toast.success(t('acceptInvitation.joined'));
      } catch (error) {
        console.error('Failed to accept space invitation:', error);
        const isInvalid = isApiError(error) && error.status === 404;
        toast.error(isInvalid ? t('acceptInvitation.failed') : t('acceptInvitation.error'));
      } finally {
        updateParams((params) => params.delete(SPACE_INVITATION_TOKEN_PARAM));
      }
    };
    void run();
  }, [token, mutateAsync, updateParams, t]);

  return { isAccepting: accept.isPending };
}
