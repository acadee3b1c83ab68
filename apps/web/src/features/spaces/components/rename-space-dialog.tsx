import { SPACE_NAME_MAX, type Space, updateSpaceSchema } from '@lumen/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useUpdateSpace } from '../api/update-space';

type RenameSpaceDialogProps = {
  /** The space to rename; the dialog is closed while null. */
  space: Space | null;
  onClose: () => void;
};

/** Renames a space (space admins); the name is required like at creation. */
export function RenameSpaceDialog({ space, onClose }: RenameSpaceDialogProps) {
  const { t } = useTranslation('spaces');
  return (
    <FormDialog
      isOpen={space !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('sidebar.renameTitle')}
      description={t('sidebar.renameDescription')}
      closeLabel={t('cancel')}
    >
      {/* Keyed by space so the field starts from the current name each time. */}
      {space ? <RenameSpaceForm key={space.id} space={space} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function RenameSpaceForm({ space, onDone }: { space: Space; onDone: () => void }) {
  const { t } = useTranslation('spaces');
  const { errorText } = useServerErrorText();
  const [name, setName] = useState(space.name);
  const [isTouched, setIsTouched] = useState(false);
  const updateSpace = useUpdateSpace();
  const isBlank = name.trim() === '';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateSpaceSchema.safeParse({ name });
    if (!parsed.success || isBlank) {
      setIsTouched(true);
      return;
    }
    if (parsed.data.name === space.name) {
      onDone();
      return;
    }
    try {
      await updateSpace.mutateAsync({ spaceId: space.id, changes: { name: parsed.data.name } });
      toast.success(t('sidebar.renamed'));
      onDone();
    } catch (error) {
      console.error('Failed to rename space:', error);
      toast.error(errorText(error, t('sidebar.renameFailed')));
    }
  };

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={t('sidebar.renameSubmit')}
      pendingLabel={t('sidebar.renaming')}
      cancelLabel={t('cancel')}
      isPending={updateSpace.isPending}
      isSubmitDisabled={isBlank}
      onCancel={onDone}
    >
      <TextField
        label={t('sidebar.renameLabel')}
        required
        maxLength={SPACE_NAME_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setIsTouched(true)}
        error={isTouched && isBlank ? t('create.nameRequired') : undefined}
      />
    </DialogForm>
  );
}
