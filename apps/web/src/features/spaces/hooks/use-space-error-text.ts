import { SPACE_MESSAGES, TEAM_MESSAGES } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';

/** Server messages of the contract that have a translation; any other server text is shown as sent. */
const TRANSLATED_SERVER_MESSAGES = {
  [SPACE_MESSAGES.nameTaken]: 'serverMessages.nameTaken',
  [TEAM_MESSAGES.onlyAdminsAssignRoles]: 'serverMessages.onlyAdminsAssignRoles',
  [TEAM_MESSAGES.invalidRole]: 'serverMessages.invalidRole',
} as const;

type TranslatedServerMessage = keyof typeof TRANSLATED_SERVER_MESSAGES;

function isTranslatedServerMessage(message: string): message is TranslatedServerMessage {
  return Object.hasOwn(TRANSLATED_SERVER_MESSAGES, message);
}

/** The text of a failed request: the server's own reason (translated when the contract knows it), else `fallback`. */
export function useSpaceErrorText() {
  const { t } = useTranslation('spaces');
  return (error: unknown, fallback: string): string => {
    if (!isApiError(error) || !error.serverMessage) return fallback;
    const message = error.serverMessage;
    return isTranslatedServerMessage(message) ? t(TRANSLATED_SERVER_MESSAGES[message]) : message;
  };
}
