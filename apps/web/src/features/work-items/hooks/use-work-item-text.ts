import { WORK_ITEM_ERRORS, WORK_ITEM_MESSAGES } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { findMessageKey, getServerMessage } from '@/lib/server-messages';

/** The contract's messages that have a translation; any other message is shown as the server sent it. */
const TRANSLATED_MESSAGES = {
  [WORK_ITEM_MESSAGES.titleRequired]: 'tasks.validation.titleRequired',
  [WORK_ITEM_MESSAGES.urlRequired]: 'sharedFiles.validation.urlRequired',
  [WORK_ITEM_ERRORS.urlInvalid]: 'sharedFiles.validation.urlInvalid',
  [WORK_ITEM_ERRORS.assigneeRequired]: 'tasks.validation.assigneeRequired',
  [WORK_ITEM_ERRORS.invalidDueDate]: 'tasks.validation.dueDateInvalid',
} as const;

/** Translates a zod or server message of the task and shared-file forms. */
export function useWorkItemText() {
  const { t } = useTranslation('dashboards');
  const translate = (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = findMessageKey(TRANSLATED_MESSAGES, message);
    return key ? t(key) : message;
  };
  /** A failed request: the server's own text (docs/product-rules.md#messages-and-texts), else the fallback. */
  const errorText = (error: unknown, fallback: string): string => translate(getServerMessage(error)) ?? fallback;
  return { translate, errorText };
}
