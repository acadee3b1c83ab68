import { useTranslation } from 'react-i18next';
import { ConfirmDialogContent } from '@/components/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';

type ConfirmDeleteDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a deletion with Cancel and the confirm button; it cannot be dismissed while the request runs. */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  confirmLabel,
  isPending,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('spaces');
  return (
    <AlertDialog open={open} onOpenChange={(isOpen) => !isOpen && !isPending && onClose()}>
      <ConfirmDialogContent
        title={title}
        description={description}
        cancelLabel={t('cancel')}
        confirmLabel={confirmLabel}
        isPending={isPending}
        onConfirm={onConfirm}
      />
    </AlertDialog>
  );
}
