import {
  CUSTOM_CHOICE,
  CUSTOM_LABEL_MAX,
  type Department,
  FULL_NAME_MAX,
  type InviteMemberFormValues,
  inviteMemberFormSchema,
  type Role,
  toCreateInvitationInput,
} from '@lumen/contract';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { type FieldErrors, getFieldErrors } from '@/lib/form';
import { useSendInvitation } from '../hooks/use-send-invitation';
import type { TeamManagementActions } from '../types';
import { getAssignableRoles } from '../utils/assignable-roles';

type InviteValues = Required<InviteMemberFormValues>;

const INITIAL_VALUES: InviteValues = {
  fullName: '',
  email: '',
  role: 'employee',
  department: '',
  customRole: '',
  customDepartment: '',
};

type InviteMemberFormProps = {
  callerRole: Role | null;
  departments: readonly Department[];
  inviteMember: TeamManagementActions['inviteMember'];
  onSent: () => void;
  onCancel: () => void;
};

function InviteMemberForm({ callerRole, departments, inviteMember, onSent, onCancel }: InviteMemberFormProps) {
  const { t } = useTranslation(['teamManagement', 'teams']);
  const { messageText } = useServerErrorText();
  const idPrefix = useId();
  const { sendInvitation, isSending } = useSendInvitation(inviteMember);
  const [values, setValues] = useState<InviteValues>(INITIAL_VALUES);
  const [errors, setErrors] = useState<FieldErrors<InviteValues>>({});
  const assignableRoles = getAssignableRoles(callerRole);
  const isCustomRole = values.role === CUSTOM_CHOICE;
  const isCustomDepartment = values.department === CUSTOM_CHOICE;

  const updateField = (field: keyof InviteValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { value } = event.target;
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = inviteMemberFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(getFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (await sendInvitation(toCreateInvitationInput(parsed.data))) onSent();
  };

  const roleId = `${idPrefix}-role`;
  const departmentId = `${idPrefix}-department`;

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={t('invite.submit')}
      pendingLabel={t('invite.sending')}
      cancelLabel={t('cancel')}
      isPending={isSending}
      onCancel={onCancel}
    >
      <TextField
        label={t('invite.fullName')}
        autoComplete="off"
        placeholder={t('invite.fullNamePlaceholder')}
        required
        maxLength={FULL_NAME_MAX}
        value={values.fullName}
        onChange={updateField('fullName')}
        error={messageText(errors.fullName)}
      />
      <TextField
        label={t('invite.email')}
        type="email"
        autoComplete="off"
        placeholder={t('invite.emailPlaceholder')}
        required
        maxLength={254}
        value={values.email}
        onChange={updateField('email')}
        error={messageText(errors.email)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor={roleId}>{t('invite.role')}</Label>
          <NativeSelect id={roleId} value={values.role} onChange={updateField('role')}>
            {assignableRoles.map((role) => (
              <option key={role} value={role}>
                {t(`teams:roles.${role}`)}
              </option>
            ))}
            <option value={CUSTOM_CHOICE}>{t('invite.customRoleOption')}</option>
          </NativeSelect>
          <FieldError>{messageText(errors.role)}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={departmentId}>{t('invite.department')}</Label>
          <NativeSelect id={departmentId} value={values.department} onChange={updateField('department')}>
            <option value="">{t('invite.noDepartment')}</option>
            {departments.map((department) => (
              <option key={department.id} value={department.id}>
                {department.name}
              </option>
            ))}
            <option value={CUSTOM_CHOICE}>{t('invite.customDepartmentOption')}</option>
          </NativeSelect>
        </Field>
      </div>
      {isCustomRole ? (
        <div className="grid gap-1">
          <TextField
            label={t('invite.customRole')}
            autoComplete="off"
            placeholder={t('invite.customRolePlaceholder')}
            required
            maxLength={CUSTOM_LABEL_MAX}
            value={values.customRole}
            onChange={updateField('customRole')}
            error={messageText(errors.customRole)}
          />
          <p className="text-muted-foreground text-xs">{t('invite.customRoleHint')}</p>
        </div>
      ) : null}
      {isCustomDepartment ? (
        <TextField
          label={t('invite.customDepartment')}
          autoComplete="off"
          placeholder={t('invite.customDepartmentPlaceholder')}
          required
          maxLength={CUSTOM_LABEL_MAX}
          value={values.customDepartment}
          onChange={updateField('customDepartment')}
          error={messageText(errors.customDepartment)}
        />
      ) : null}
    </DialogForm>
  );
}

type InviteMemberDialogProps = Omit<InviteMemberFormProps, 'onSent' | 'onCancel'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The full 'Invite Team Member' dialog (managers): full name, email, role (none above the caller's, or a custom
 * label), department (the team's, none, or a custom label). Validated with the contract's inviteMemberFormSchema.
 */
export function InviteMemberDialog({ open, onOpenChange, ...formProps }: InviteMemberDialogProps) {
  const { t } = useTranslation('teamManagement');
  return (
    <FormDialog
      isOpen={open}
      onOpenChange={onOpenChange}
      title={t('invite.title')}
      description={t('invite.description')}
    >
      {/* The form lives inside the content, so closing the dialog resets it. */}
      <InviteMemberForm {...formProps} onSent={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </FormDialog>
  );
}
