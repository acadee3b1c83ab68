import type { SpaceFile } from '@lumen/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useRenameSpaceFile } from '../api/rename-space-file';
import { useFileErrorToast } from '../hooks/use-file-error-toast';

/** The longest file name the server accepts (renameSpaceFileSchema). */
const FILENAME_MAX = 255;

type RenameSpaceFileDialogProps = {
  /** The file to rename; the dialog is closed while null. */
  file: SpaceFile | null;
  onClose: () => void;
};

/** Renames a space file (space admins and team leads); a blank or unchanged name closes without a request. */
export function RenameSpaceFileDialog({ file, onClose }: RenameSpaceFileDialogProps) {
  const { t } = useTranslation('spaces');
  return (
    <FormDialog
      isOpen={file !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('files.renameTitle')}
      description={t('files.renameDescription')}
      closeLabel={t('cancel')}
    >
      {/* Keyed by file so the field starts from the current name each time. */}
      {file ? <RenameSpaceFileForm key={file.id} file={file} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function RenameSpaceFileForm({ file, onDone }: { file: SpaceFile; onDone: () => void }) {
  const { t } = useTranslation('spaces');
  const showErrorToast = useFileErrorToast();
  const [filename, setFilename] = useState(file.filename);
  const renameFile = useRenameSpaceFile();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = filename.trim();
    // docs/product-rules.md#space-files: a blank name is ignored, the file keeps its name.
    if (trimmed === '' || trimmed === file.filename) {
      onDone();
      return;
    }
    try {
      await renameFile.mutateAsync({ spaceId: file.spaceId, fileId: file.id, filename: trimmed });
      toast.success(t('files.updated'));
      onDone();
    } catch (error) {
      console.error('Failed to rename file:', error);
      showErrorToast(error, { title: t('files.updateFailedTitle'), fallback: t('files.updateFailed') });
    }
  };

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={t('files.renameSubmit')}
      pendingLabel={t('files.renaming')}
      cancelLabel={t('cancel')}
      isPending={renameFile.isPending}
      onCancel={onDone}
    >
      <TextField
        label={t('files.renameLabel')}
        maxLength={FILENAME_MAX}
        value={filename}
        onChange={(event) => setFilename(event.target.value)}
      />
    </DialogForm>
  );
}
