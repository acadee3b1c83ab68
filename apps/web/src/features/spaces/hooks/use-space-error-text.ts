import { SPACE_MESSAGES, TEAM_MESSAGES } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { findMessageKey, getServerMessage } from '@/lib/server-messages';

/** Server messages of the contract that have a translation; any other server text is shown as sent. */
const TRANSLATED_SERVER_MESSAGES = {
  [SPACE_MESSAGES.nameTaken]: 'serverMessages.nameTaken',
  [TEAM_MESSAGES.onlyAdminsAssignRoles]: 'serverMessages.onlyAdminsAssignRoles',
  [TEAM_MESSAGES.invalidRole]: 'serverMessages.invalidRole',
} as const;

/** The text of a failed request: the server's own reason (translated when the contract knows it), else `fallback`. */
export function useSpaceErrorText() {
  const { t } = useTranslation('spaces');
  return (error: unknown, fallback: string): string => {
    const message = getServerMessage(error);
    if (!message) return fallback;
    const key = findMessageKey(TRANSLATED_SERVER_MESSAGES, message);
    return key ? t(key) : message;
  };
}
