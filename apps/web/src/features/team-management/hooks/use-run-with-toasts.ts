import { toast } from 'sonner';
import { useServerErrorText } from '@/hooks/use-server-error-text';

type ToastTexts = {
  success: string;
  /** Shown when the server gives no reason of its own. */
  failure: string;
  /** Logged to the console with the error. */
  logMessage: string;
};

/**
 * Runs one of the team's writes and tells the outcome in a toast: `success`, or the server's reason (else `failure`).
 * It never rejects: the screen stays as it is and the toast says what went wrong.
 */
export function useRunWithToasts() {
  const { errorText } = useServerErrorText();
  return async (action: () => Promise<unknown>, texts: ToastTexts): Promise<void> => {
    try {
      await action();
      toast.success(texts.success);
    } catch (error) {
      console.error(texts.logMessage, error);
      toast.error(errorText(error, texts.failure));
    }
  };
}
