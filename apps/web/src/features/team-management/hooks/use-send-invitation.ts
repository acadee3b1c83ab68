import type { CreateInvitationInput } from '@lumen/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import type { TeamManagementActions } from '../types';

/**
 * Sends an invitation and tells the outcome (docs/product-rules.md#invitations): 'Invitation sent successfully!', or a
 * warning when the invitation exists but its mail failed, or the server's text / 'Failed to send invitation'. Resolves
 * true on success.
 */
export function useSendInvitation(inviteMember: TeamManagementActions['inviteMember']) {
  const { t } = useTranslation('teamManagement');
  const { errorText } = useServerErrorText();
  const [isSending, setIsSending] = useState(false);

  const sendInvitation = async (input: CreateInvitationInput): Promise<boolean> => {
    setIsSending(true);
    try {
      const response = await inviteMember(input);
      if (response.emailSent) toast.success(t('invite.sent'));
      else toast.warning(t('invite.emailFailed'));
      return true;
    } catch (error) {
      console.error('Failed to send invitation:', error);
      toast.error(errorText(error, t('invite.failed')));
      return false;
    } finally {
      setIsSending(false);
    }
  };

  return { sendInvitation, isSending };
}
