import { createSpaceSchema, SPACE_NAME_MAX, type Space } from '@lumen/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useCreateSpace } from '../api/create-space';
import type { TeamMemberOption } from '../types';
import { DescriptionField } from './description-field';

type CreateSpaceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team's members other than the caller (who is always in the space), for a private space. */
  teamMembers: TeamMemberOption[];
  onCreated?: (space: Space) => void;
};

/** Spaces Management's Create Space dialog: name (required), description, and a private option with its members. */
export function CreateSpaceDialog({ open, onOpenChange, teamMembers, onCreated }: CreateSpaceDialogProps) {
  const { t } = useTranslation('spaces');
  const { errorText } = useServerErrorText();
  const privateId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [isNameTouched, setIsNameTouched] = useState(false);
  const createSpace = useCreateSpace();
  const isBlank = name.trim() === '';

  const reset = () => {
    setName('');
    setDescription('');
    setIsPrivate(false);
    setMemberIds([]);
    setIsNameTouched(false);
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const toggleMember = (userId: string, isChosen: boolean) =>
    setMemberIds((current) => (isChosen ? [...current, userId] : current.filter((id) => id !== userId)));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createSpaceSchema.safeParse({
      name,
      description: description.trim() || undefined,
      isPrivate,
      memberIds: isPrivate ? memberIds : [],
    });
    if (!parsed.success) {
      setIsNameTouched(true);
      return;
    }
    try {
      const space = await createSpace.mutateAsync(parsed.data);
      toast.success(t('create.created'));
      close();
      onCreated?.(space);
    } catch (error) {
      console.error('Failed to create space:', error);
      toast.error(errorText(error, t('create.failed')));
    }
  };

  return (
    <FormDialog
      isOpen={open}
      onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
      title={t('create.title')}
      description={t('create.description')}
      closeLabel={t('cancel')}
    >
      <DialogForm
        onSubmit={handleSubmit}
        submitLabel={t('create.submit')}
        pendingLabel={t('create.creating')}
        cancelLabel={t('cancel')}
        isPending={createSpace.isPending}
        isSubmitDisabled={isBlank}
        onCancel={close}
      >
        <TextField
          label={t('create.name')}
          placeholder={t('create.namePlaceholder')}
          required
          maxLength={SPACE_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setIsNameTouched(true)}
          error={isNameTouched && isBlank ? t('create.nameRequired') : undefined}
        />
        <DescriptionField
          label={t('create.descriptionOptional')}
          placeholder={t('create.descriptionPlaceholder')}
          value={description}
          onValueChange={setDescription}
        />
        <div className="grid gap-2">
          <div className="flex items-center gap-2">
            <input
              id={privateId}
              type="checkbox"
              className="size-4 accent-primary"
              checked={isPrivate}
              onChange={(event) => setIsPrivate(event.target.checked)}
            />
            <label htmlFor={privateId} className="font-medium text-sm">
              {t('create.private')}
            </label>
          </div>
          <p className="text-muted-foreground text-xs">{t('create.privateHint')}</p>
        </div>
        {isPrivate ? (
          <fieldset className="grid max-h-48 gap-2 overflow-y-auto rounded-md border p-3">
            <legend className="px-1 font-medium text-sm">{t('create.chooseMembers')}</legend>
            {teamMembers.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t('create.noTeamMembers')}</p>
            ) : (
              teamMembers.map((member) => (
                <label key={member.userId} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={memberIds.includes(member.userId)}
                    onChange={(event) => toggleMember(member.userId, event.target.checked)}
                  />
                  <span>{member.name}</span>
                  <span className="truncate text-muted-foreground text-xs">{member.email}</span>
                </label>
              ))
            )}
          </fieldset>
        ) : null}
      </DialogForm>
    </FormDialog>
  );
}
