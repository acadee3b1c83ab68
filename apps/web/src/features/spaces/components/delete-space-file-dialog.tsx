import type { SpaceFile } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteSpaceFile } from '../api/delete-space-file';
import { useFileErrorToast } from '../hooks/use-file-error-toast';

type DeleteSpaceFileDialogProps = {
  /** The file to delete; the dialog is closed while null. */
  file: SpaceFile | null;
  onClose: () => void;
};

/**
 * Asks before deleting a space file (space admins): the confirmation of docs/product-rules.md#space-files, with Cancel
 * and Delete.
 */
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
    }
  };

  return (
    <ConfirmDialog
      isOpen={file !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('files.deleteTitle')}
      description={t('files.deleteDescription', { filename: file?.filename ?? '' })}
      cancelLabel={t('cancel')}
      confirmLabel={t('files.deleteConfirm')}
      onConfirm={confirm}
    />
  );
}
