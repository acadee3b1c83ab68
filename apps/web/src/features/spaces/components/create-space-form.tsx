import { createSpaceSchema, SPACE_NAME_MAX, type Space } from '@lumen/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormActions } from '@/components/form-actions';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useCreateSpace } from '../api/create-space';
import { DescriptionField } from './description-field';

type CreateSpaceFormProps = {
  onCreated: (space: Space) => void;
  onCancel: () => void;
};

/**
 * The Create Space page's form (docs/product-rules.md#spaces): Space Name required ('Please enter a space name'),
 * Description optional; Create Space stays disabled while the name is blank or the request runs.
 */
export function CreateSpaceForm({ onCreated, onCancel }: CreateSpaceFormProps) {
  const { t } = useTranslation('spaces');
  const { errorText, messageText } = useServerErrorText();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  // The submit is disabled while the name is blank, so the message shows once the user has left the field empty.
  const [isNameTouched, setIsNameTouched] = useState(false);
  const createSpace = useCreateSpace();
  const isBlank = name.trim() === '';
  const shownNameError = nameError ?? (isNameTouched && isBlank ? t('create.enterName') : undefined);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createSpaceSchema.safeParse({ name, description: description.trim() || undefined });
    if (!parsed.success) {
      setNameError(
        isBlank ? t('create.enterName') : (messageText(parsed.error.issues[0]?.message) ?? t('create.enterName')),
      );
      return;
    }
    setNameError(undefined);
    try {
      const space = await createSpace.mutateAsync(parsed.data);
      toast.success(t('create.created'));
      onCreated(space);
    } catch (error) {
      console.error('Failed to create space:', error);
      toast.error(errorText(error, t('create.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <TextField
        label={t('create.name')}
        placeholder={t('create.namePlaceholder')}
        required
        maxLength={SPACE_NAME_MAX}
        value={name}
        disabled={createSpace.isPending}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
        onBlur={() => setIsNameTouched(true)}
        error={shownNameError}
      />
      <DescriptionField
        label={t('create.descriptionOptional')}
        placeholder={t('create.descriptionPlaceholder')}
        value={description}
        onValueChange={setDescription}
        disabled={createSpace.isPending}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <FormActions
          submitLabel={t('create.submit')}
          pendingLabel={t('create.creating')}
          cancelLabel={t('cancel')}
          isPending={createSpace.isPending}
          isSubmitDisabled={isBlank}
          onCancel={onCancel}
        />
      </div>
    </form>
  );
}
