import { DEFAULT_SPACE_ROLE, inviteToSpaceSchema, ROLES, type Role } from '@lumen/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useInviteToSpace } from '../api/invite-to-space';

type InviteSpaceMemberDialogProps = {
  spaceId: string;
  spaceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Invites someone to a space by mail with a role (viewer by default), each role with what it allows. */
export function InviteSpaceMemberDialog({ spaceId, spaceName, open, onOpenChange }: InviteSpaceMemberDialogProps) {
  const { t } = useTranslation('spaces');
  const { errorText } = useServerErrorText();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_SPACE_ROLE);
  const [emailError, setEmailError] = useState<string | undefined>();
  const invite = useInviteToSpace();

  const close = () => {
    setEmail('');
    setRole(DEFAULT_SPACE_ROLE);
    setEmailError(undefined);
    onOpenChange(false);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = inviteToSpaceSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(email.trim() === '' ? t('invite.emailRequired') : t('invite.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    try {
      const result = await invite.mutateAsync({ spaceId, email: parsed.data.email, role: parsed.data.role });
      if (result.emailSent) toast.success(t('invite.sent'));
      else toast.warning(t('invite.emailFailed'));
      close();
    } catch (error) {
      console.error('Failed to send space invitation:', error);
      toast.error(errorText(error, t('invite.failed')));
    }
  };

  return (
    <FormDialog
      isOpen={open}
      onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
      title={t('invite.title')}
      description={t('invite.description', { name: spaceName })}
      closeLabel={t('cancel')}
    >
      <DialogForm
        onSubmit={handleSubmit}
        submitLabel={t('invite.submit')}
        pendingLabel={t('invite.sending')}
        cancelLabel={t('cancel')}
        isPending={invite.isPending}
        onCancel={close}
      >
        <TextField
          type="email"
          label={t('invite.email')}
          placeholder={t('invite.emailPlaceholder')}
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
        />
        <Field>
          <Label htmlFor={roleId}>{t('invite.role')}</Label>
          <NativeSelect
            id={roleId}
            value={role}
            onChange={(event) => setRole(ROLES.find((option) => option === event.target.value) ?? DEFAULT_SPACE_ROLE)}
          >
            {[...ROLES].reverse().map((option) => (
              <option key={option} value={option}>
                {`${t(`roles.${option}`)} – ${t(`roleAccess.${option}`)}`}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </DialogForm>
    </FormDialog>
  );
}
