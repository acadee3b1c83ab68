import type { SpaceFile } from '@lumen/contract';
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
import { useDeleteSpaceFile } from '../api/delete-space-file';
import { useFileErrorToast } from '../hooks/use-file-error-toast';

type DeleteSpaceFileDialogProps = {
  /** The file to delete; the dialog is closed while null. */
  file: SpaceFile | null;
  onClose: () => void;
};

/** Asks before deleting a space file (space admins): the spec's confirmation with Cancel and Delete. */
export function DeleteSpaceFileDialog({ file, onClose }: DeleteSpaceFileDialogProps) {
  const { t } = useTranslation('spaces');
  const showErrorToast = useFileErrorToast();
  const deleteFile = useDeleteSpaceFile();

  const confirm = async () => {
    if (!file) return;
    try {
      await deleteFile.mutateAsync({ spaceId: file.spaceId, fileId: file.id });
      toast.success(t('files.deleted'));
    } catch (error) {
      console.error('Failed to delete file:', error);
      showErrorToast(error, { title: t('files.deleteFailedTitle'), fallback: t('files.deleteFailed') });
    } finally {
      onClose();
    }
  };

  return (
    <AlertDialog open={file !== null} onOpenChange={(isOpen) => !isOpen && !deleteFile.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('files.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('files.deleteDescription', { filename: file?.filename ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteFile.isPending}>{t('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={deleteFile.isPending}
            onClick={(event) => {
              // Keep the dialog open until the request settles.
              event.preventDefault();
              void confirm();
            }}
          >
            {deleteFile.isPending ? <Spinner /> : null}
            {t('files.deleteConfirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
