import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { parseInvitationCode } from '../utils/parse-invitation-code';

type JoinWorkspaceFormProps = {
  /** Called with the invitation id found in what was pasted. */
  onJoin: (invitationId: string) => void;
};

/** Join with an invitation: takes the invitation link or its code, and says so clearly when it is neither. */
export function JoinWorkspaceForm({ onJoin }: JoinWorkspaceFormProps) {
  const { t } = useTranslation('workspace');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const isBlank = value.trim() === '';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank) {
      setError(t('new.join.required'));
      return;
    }
    const invitationId = parseInvitationCode(value);
    if (!invitationId) {
      setError(t('new.join.invalid'));
      return;
    }
    setError(undefined);
    onJoin(invitationId);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <TextField
        label={t('new.join.label')}
        placeholder={t('new.join.placeholder')}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" variant="secondary" disabled={isBlank}>
        {t('new.join.submit')}
      </Button>
    </form>
  );
}
