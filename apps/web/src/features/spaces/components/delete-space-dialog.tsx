import type { Space } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useDeleteSpace } from '../api/delete-space';

type DeleteSpaceDialogProps = {
  /** The space to delete; the dialog is closed while null. */
  space: Space | null;
  onClose: () => void;
  onDeleted?: (space: Space) => void;
};

/** Asks before deleting a space with its members and files (space admins). */
export function DeleteSpaceDialog({ space, onClose, onDeleted }: DeleteSpaceDialogProps) {
  const { t } = useTranslation('spaces');
  const { errorText } = useServerErrorText();
  const deleteSpace = useDeleteSpace();

  const confirm = async () => {
    if (!space) return;
    try {
      await deleteSpace.mutateAsync(space.id);
      toast.success(t('sidebar.deleted'));
      onDeleted?.(space);
    } catch (error) {
      console.error('Failed to delete space:', error);
      toast.error(errorText(error, t('sidebar.deleteFailed')));
    }
  };

  return (
    <ConfirmDialog
      isOpen={space !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('sidebar.deleteTitle')}
      description={t('sidebar.deleteDescription', { name: space?.name ?? '' })}
      cancelLabel={t('cancel')}
      confirmLabel={t('sidebar.deleteConfirm')}
      onConfirm={confirm}
    />
  );
}
