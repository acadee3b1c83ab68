import { INVITATION_MESSAGES, TEAM_MESSAGES } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';

/** Server messages of the contract that have a translation; any other server text is shown as sent. */
const TRANSLATED_SERVER_MESSAGES = {
  [TEAM_MESSAGES.onlyAdminsAssignRoles]: 'serverMessages.onlyAdminsAssignRoles',
  [TEAM_MESSAGES.invalidRole]: 'serverMessages.invalidRole',
  [INVITATION_MESSAGES.alreadyMember]: 'serverMessages.alreadyMember',
  [INVITATION_MESSAGES.emailRequired]: 'validation.emailRequired',
  [INVITATION_MESSAGES.emailInvalid]: 'validation.emailInvalid',
} as const;

type TranslatedServerMessage = keyof typeof TRANSLATED_SERVER_MESSAGES;

function isTranslatedServerMessage(message: string): message is TranslatedServerMessage {
  return Object.hasOwn(TRANSLATED_SERVER_MESSAGES, message);
}

/**
 * The text to show for a failed request: the server's own message (spec 001 §8 "or the server error text"),
 * translated when it is one of the contract's; the fallback when there is none (network error, no JSON body).
 */
export function useErrorText() {
  const { t } = useTranslation('teamManagement');
  return (error: unknown, fallback: string): string => {
    if (!isApiError(error) || !error.serverMessage) return fallback;
    const message = error.serverMessage;
    return isTranslatedServerMessage(message) ? t(TRANSLATED_SERVER_MESSAGES[message]) : message;
  };
}
