import type { ErrorReason } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { isApiError } from '@/lib/api-client';

const ACCESS_DENIED_PREFIX = 'Access Denied: ';

/** The server's 403 reasons on files, shown under the 'Access Denied' title without the prefix of their message. */
const PERMISSION_REASON_KEYS = {
  NO_UPLOAD_PERMISSION: 'files.noUploadPermission',
  NO_EDIT_PERMISSION: 'files.noEditPermission',
  NO_DELETE_PERMISSION: 'files.noDeletePermission',
} as const satisfies Partial<Record<ErrorReason, string>>;

type PermissionReason = keyof typeof PERMISSION_REASON_KEYS;

function isPermissionReason(reason: ErrorReason | undefined): reason is PermissionReason {
  return reason !== undefined && Object.hasOwn(PERMISSION_REASON_KEYS, reason);
}

type FileErrorTexts = { title: string; fallback: string };

/**
 * Shows a failed file action as a toast: a 403 as 'Access Denied' with the server's reason, a refused request (4xx)
 * with the server's text (translated by its reason), anything else (5xx, network) with the action's fixed `fallback`.
 */
export function useFileErrorToast() {
  const { t } = useTranslation('spaces');
  const { errorText } = useServerErrorText();
  return (error: unknown, { title, fallback }: FileErrorTexts) => {
    if (isApiError(error) && error.status === 403) {
      const serverMessage = error.serverMessage;
      const description = isPermissionReason(error.reason)
        ? t(PERMISSION_REASON_KEYS[error.reason])
        : serverMessage?.startsWith(ACCESS_DENIED_PREFIX)
          ? serverMessage.slice(ACCESS_DENIED_PREFIX.length)
          : serverMessage;
      toast.error(t('files.accessDenied'), { description });
      return;
    }
    const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
    toast.error(title, { description: isRefusal ? errorText(error, fallback) : fallback });
  };
}
