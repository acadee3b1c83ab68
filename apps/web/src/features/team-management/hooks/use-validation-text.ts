import { INVITATION_MESSAGES } from '@lumen/contract';
import { useTranslation } from 'react-i18next';

/**
 * The contract's form messages with their translation keys (English word for word,
 * docs/product-rules.md#messages-and-texts).
 */
const VALIDATION_KEYS = {
  [INVITATION_MESSAGES.fullNameRequired]: 'validation.fullNameRequired',
  [INVITATION_MESSAGES.emailRequired]: 'validation.emailRequired',
  [INVITATION_MESSAGES.emailInvalid]: 'validation.emailInvalid',
  [INVITATION_MESSAGES.customRoleRequired]: 'validation.customRoleRequired',
  [INVITATION_MESSAGES.customDepartmentRequired]: 'validation.customDepartmentRequired',
  // departmentNameSchema's message (packages/contract/src/teams.ts).
  'Department name is required': 'validation.departmentNameRequired',
} as const;

type KnownMessage = keyof typeof VALIDATION_KEYS;

function isKnownMessage(message: string): message is KnownMessage {
  return Object.hasOwn(VALIDATION_KEYS, message);
}

/** Translates a zod message of the contract's forms; other messages (length limits) are shown as they are. */
export function useValidationText() {
  const { t } = useTranslation('teamManagement');
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    return isKnownMessage(message) ? t(VALIDATION_KEYS[message]) : message;
  };
}
