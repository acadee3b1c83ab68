import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { INVITATION_TIMINGS } from '@/config/ui';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { isWrongAccountError } from '../utils/invitation-messages';

export type AcceptInvitationState =
  | { status: 'idle' }
  | { status: 'accepting' }
  | { status: 'accepted' }
  | { status: 'failed'; message: string; isWrongAccount: boolean };

/**
 * Accepting an invitation on its page: after success the page says so and goes to /workspace
 * INVITATION_TIMINGS.acceptedRedirectMs later (docs/product-rules.md#invitations); a failure keeps the server's reason on the page.
 */
export function useAcceptInvitationFlow({
  invitationId,
  acceptInvitation,
}: {
  invitationId: string;
  acceptInvitation: (invitationId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('dashboards');
  const { errorText } = useServerErrorText();
  const navigate = useNavigate();
  const [state, setState] = useState<AcceptInvitationState>({ status: 'idle' });

  useEffect(() => {
    if (state.status !== 'accepted') return;
    const timer = window.setTimeout(
      () => navigate(paths.workspace.getHref(), { replace: true }),
      INVITATION_TIMINGS.acceptedRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [state.status, navigate]);

  const accept = async () => {
    setState({ status: 'accepting' });
    try {
      await acceptInvitation(invitationId);
      setState({ status: 'accepted' });
    } catch (error) {
      setState({
        status: 'failed',
        message: errorText(error, t('invitation.messages.acceptFailed')),
        isWrongAccount: isWrongAccountError(error),
      });
    }
  };

  return { state, accept };
}
