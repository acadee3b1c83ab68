import { AlertCircleIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The last error, under the composer, until dismissed. */
export function ErrorBar({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="chat-error-bar"
      className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-destructive text-sm"
    >
      <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="flex-1 break-words">{message}</p>
      <Button
        variant="ghost"
        size="icon"
        className="size-6 text-destructive hover:bg-destructive/10"
        aria-label={t('chat.errors.dismiss')}
        onClick={onDismiss}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
