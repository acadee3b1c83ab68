import { INVITATION_MESSAGES, TEAM_MESSAGES } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { findMessageKey, getServerMessage } from '@/lib/server-messages';

/** Server messages of the contract that have a translation; any other server text is shown as sent. */
const TRANSLATED_SERVER_MESSAGES = {
  [TEAM_MESSAGES.onlyAdminsAssignRoles]: 'serverMessages.onlyAdminsAssignRoles',
  [TEAM_MESSAGES.invalidRole]: 'serverMessages.invalidRole',
  [INVITATION_MESSAGES.alreadyMember]: 'serverMessages.alreadyMember',
  [INVITATION_MESSAGES.emailRequired]: 'validation.emailRequired',
  [INVITATION_MESSAGES.emailInvalid]: 'validation.emailInvalid',
} as const;

/**
 * The text to show for a failed request: the server's own message (docs/product-rules.md#messages-and-texts),
 * translated when it is one of the contract's; the fallback when there is none (network error, no JSON body).
 */
export function useErrorText() {
  const { t } = useTranslation('teamManagement');
  return (error: unknown, fallback: string): string => {
    const message = getServerMessage(error);
    if (!message) return fallback;
    const key = findMessageKey(TRANSLATED_SERVER_MESSAGES, message);
    return key ? t(key) : message;
  };
}
