import { SPACE_MESSAGES } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';

const ACCESS_DENIED_PREFIX = 'Access Denied: ';

/** The server's 403 reasons on files (sent as 'Access Denied: …'), and their translations. */
const PERMISSION_MESSAGE_KEYS = {
  [SPACE_MESSAGES.noUploadPermission]: 'files.noUploadPermission',
  [SPACE_MESSAGES.noEditPermission]: 'files.noEditPermission',
  [SPACE_MESSAGES.noDeletePermission]: 'files.noDeletePermission',
} as const;

type PermissionMessage = keyof typeof PERMISSION_MESSAGE_KEYS;

function isPermissionMessage(message: string): message is PermissionMessage {
  return Object.hasOwn(PERMISSION_MESSAGE_KEYS, message);
}

type FileErrorTexts = { title: string; fallback: string };

/**
 * Shows a failed file action as a toast: a 403 as 'Access Denied' with the server's reason, a refused request (4xx)
 * with the server's text, anything else (5xx, network) with the action's fixed `fallback`.
 */
export function useFileErrorToast() {
  const { t } = useTranslation('spaces');
  return (error: unknown, { title, fallback }: FileErrorTexts) => {
    const serverMessage = isApiError(error) ? error.serverMessage : undefined;
    if (isApiError(error) && error.status === 403) {
      const reason = serverMessage?.startsWith(ACCESS_DENIED_PREFIX)
        ? serverMessage.slice(ACCESS_DENIED_PREFIX.length)
        : serverMessage;
      const description = reason && isPermissionMessage(reason) ? t(PERMISSION_MESSAGE_KEYS[reason]) : reason;
      toast.error(t('files.accessDenied'), { description });
      return;
    }
    const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
    toast.error(title, { description: isRefusal && serverMessage ? serverMessage : fallback });
  };
}
