import { simpleInviteFormSchema } from '@lumen/contract';
import { MailPlusIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { getFieldErrors } from '@/lib/form';
import { useSendInvitation } from '../hooks/use-send-invitation';
import type { TeamManagementActions } from '../types';

type SimpleInviteFormProps = {
  inviteMember: TeamManagementActions['inviteMember'];
  onSent: () => void;
  onCancel: () => void;
};

/**
 * Email only, always role employee; the submit stays disabled while the email is empty
 * (docs/product-rules.md#team-management).
 */
function SimpleInviteForm({ inviteMember, onSent, onCancel }: SimpleInviteFormProps) {
  const { t } = useTranslation('teamManagement');
  const { messageText } = useServerErrorText();
  const { sendInvitation, isSending } = useSendInvitation(inviteMember);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const isEmpty = email === '';

  const validate = () => {
    const parsed = simpleInviteFormSchema.safeParse({ email });
    setError(parsed.success ? undefined : getFieldErrors(parsed.error).email);
    return parsed.success ? parsed.data : null;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validate();
    if (!data) return;
    if (await sendInvitation({ email: data.email, role: 'employee' })) onSent();
  };

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={t('simpleInvite.submit')}
      pendingLabel={t('simpleInvite.sending')}
      cancelLabel={t('cancel')}
      isPending={isSending}
      isSubmitDisabled={isEmpty}
      onCancel={onCancel}
    >
      <TextField
        label={t('simpleInvite.email')}
        type="email"
        autoComplete="off"
        placeholder={t('simpleInvite.emailPlaceholder')}
        required
        maxLength={254}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        onBlur={() => {
          // Tell why the button is disabled once the field is left empty (or blank).
          if (email.trim() === '') validate();
        }}
        error={messageText(error)}
      />
    </DialogForm>
  );
}

/** The quick 'Invite by email' dialog of the Members tab (managers). */
export function SimpleInviteDialog({ inviteMember }: { inviteMember: TeamManagementActions['inviteMember'] }) {
  const { t } = useTranslation('teamManagement');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      title={t('simpleInvite.title')}
      description={t('simpleInvite.description')}
      trigger={
        <Button variant="outline">
          <MailPlusIcon aria-hidden="true" />
          {t('members.inviteByEmail')}
        </Button>
      }
    >
      {/* The form lives inside the content, so closing the dialog resets it. */}
      <SimpleInviteForm inviteMember={inviteMember} onSent={() => setIsOpen(false)} onCancel={() => setIsOpen(false)} />
    </FormDialog>
  );
}
