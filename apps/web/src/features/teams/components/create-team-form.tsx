import { type CreateTeamResponse, createTeamSchema } from '@lumen/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useCreateTeam } from '../api/create-team';

type CreateTeamFormProps = {
  /** Called after the team exists and the role state was refetched. */
  onCreated?: (response: CreateTeamResponse) => void;
};

/**
 * The create-workspace form (docs/product-rules.md#workspace-and-dashboard): name required, description optional; the
 * button stays disabled while the name is blank or the request runs ('Creating...').
 */
export function CreateTeamForm({ onCreated }: CreateTeamFormProps) {
  const { t } = useTranslation('teams');
  const { errorText } = useServerErrorText();
  const descriptionId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const createTeam = useCreateTeam();
  const isBlank = name.trim() === '';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createTeamSchema.safeParse({ name, description });
    if (!parsed.success) {
      setError(t('createTeam.nameRequired'));
      return;
    }
    setError(undefined);
    try {
      const response = await createTeam.mutateAsync(parsed.data);
      toast.success(t('createTeam.created'));
      setName('');
      setDescription('');
      onCreated?.(response);
    } catch (caught) {
      console.error('Failed to create team:', caught);
      toast.error(errorText(caught, t('createTeam.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <TextField
        label={t('createTeam.name')}
        placeholder={t('createTeam.namePlaceholder')}
        required
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
      <Field>
        <Label htmlFor={descriptionId}>{t('createTeam.descriptionLabel')}</Label>
        <Textarea
          id={descriptionId}
          placeholder={t('createTeam.descriptionPlaceholder')}
          maxLength={1000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      <Button type="submit" disabled={isBlank || createTeam.isPending}>
        {createTeam.isPending ? (
          <>
            <Spinner />
            {t('createTeam.creating')}
          </>
        ) : (
          t('createTeam.submit')
        )}
      </Button>
    </form>
  );
}
