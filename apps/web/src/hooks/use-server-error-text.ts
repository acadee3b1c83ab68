import type { UploadRefusal } from '@lumen/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formMessageText, serverErrorText, uploadRefusalText } from '@/lib/server-error-text';

/**
 * The texts of errors, in the reader's language: `errorText(error, fallback)` for a failed request (translated by its
 * reason, else the server's message, else the fallback), `messageText(message)` for a form's own zod message, and
 * `refusalText(refusal)` for a file an upload refused.
 */
export function useServerErrorText() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      errorText: (error: unknown, fallback: string): string => serverErrorText(t, error, fallback),
      messageText: (message: string | undefined): string | undefined => formMessageText(t, message),
      refusalText: (refusal: UploadRefusal): string => uploadRefusalText(t, refusal),
    }),
    [t],
  );
}
