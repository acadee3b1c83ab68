import type { Space } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteSpace } from '../api/delete-space';
import { useSpaceErrorText } from '../hooks/use-space-error-text';

type DeleteSpaceDialogProps = {
  /** The space to delete; the dialog is closed while null. */
  space: Space | null;
  onClose: () => void;
  onDeleted?: (space: Space) => void;
};

/** Asks before deleting a space with its members and files (space admins). */
export function DeleteSpaceDialog({ space, onClose, onDeleted }: DeleteSpaceDialogProps) {
  const { t } = useTranslation('spaces');
  const getErrorText = useSpaceErrorText();
  const deleteSpace = useDeleteSpace();

  const confirm = async () => {
    if (!space) return;
    try {
      await deleteSpace.mutateAsync(space.id);
      toast.success(t('sidebar.deleted'));
      onDeleted?.(space);
    } catch (error) {
      console.error('Failed to delete space:', error);
      toast.error(getErrorText(error, t('sidebar.deleteFailed')));
    } finally {
      onClose();
    }
  };

  return (
    <AlertDialog open={space !== null} onOpenChange={(isOpen) => !isOpen && !deleteSpace.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('sidebar.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('sidebar.deleteDescription', { name: space?.name ?? '' })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteSpace.isPending}>{t('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={deleteSpace.isPending}
            onClick={(event) => {
              // Keep the dialog open until the request settles.
              event.preventDefault();
              void confirm();
            }}
          >
            {deleteSpace.isPending ? <Spinner /> : null}
            {t('sidebar.deleteConfirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
