import type { UploadRefusal } from '@lumen/contract';
import { AlertCircleIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useServerErrorText } from '@/hooks/use-server-error-text';

type RefusedUploadsAlertProps = {
  refused: UploadRefusal[];
  /** Whether some files of the upload were stored (the title says which case it is). */
  isPartial: boolean;
  onDismiss: () => void;
};

/** The files an upload refused, each with its reason (the text names the file), until dismissed. */
export function RefusedUploadsAlert({ refused, isPartial, onDismiss }: RefusedUploadsAlertProps) {
  const { t } = useTranslation('spaces');
  const { refusalText } = useServerErrorText();
  const title = isPartial ? t('files.refusedTitle') : t('files.noneUploadedTitle');
  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-destructive/40 p-3 text-sm">
      <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">{title}</p>
        <ul aria-label={title} className="list-disc space-y-0.5 ps-4 text-muted-foreground">
          {refused.map((refusal, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; two refused files may share name and reason
            <li key={index} className="break-words">
              {refusalText(refusal)}
            </li>
          ))}
        </ul>
      </div>
      <Button variant="ghost" size="icon" className="size-6" aria-label={t('files.dismissRefused')} onClick={onDismiss}>
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
