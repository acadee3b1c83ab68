import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

type DialogFormFooterProps = {
  submitLabel: string;
  /** The submit's text while the form is being sent ('Sending...'). */
  pendingLabel: string;
  isPending: boolean;
  /** Keeps the submit disabled for another reason too (a required field still empty). */
  isSubmitDisabled?: boolean;
  onCancel: () => void;
};

/** Cancel and submit of a dialog's form; while it is sent both are disabled and the submit shows a spinner. */
export function DialogFormFooter({
  submitLabel,
  pendingLabel,
  isPending,
  isSubmitDisabled = false,
  onCancel,
}: DialogFormFooterProps) {
  const { t } = useTranslation('teamManagement');
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={isPending}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={isPending || isSubmitDisabled} aria-busy={isPending || undefined}>
        {isPending ? <Spinner /> : null}
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
