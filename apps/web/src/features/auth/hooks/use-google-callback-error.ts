import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { getGoogleCallbackErrorMessage } from '../utils/get-google-error-message';

export const GOOGLE_CALLBACK_ERROR_TOAST_ID = 'google-callback-error';

/** A failed OAuth callback returns to the page with `?error=…`: show the validation toast once and drop the parameter. */
export function useGoogleCallbackError({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const error = isEnabled ? searchParams.get('error') : null;

  useEffect(() => {
    if (!error) return;
    console.error('Google sign-in callback failed:', error);
    toast.error(getGoogleCallbackErrorMessage(t), { id: GOOGLE_CALLBACK_ERROR_TOAST_ID });
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [error, t, setSearchParams]);
}
