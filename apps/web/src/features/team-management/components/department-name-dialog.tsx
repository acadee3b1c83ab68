import { DEPARTMENT_NAME_MAX, departmentNameSchema } from '@lumen/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { getFieldErrors } from '@/lib/form';

type DepartmentNameFormProps = {
  initialName: string;
  submitLabel: string;
  pendingLabel: string;
  successMessage: string;
  failureMessage: string;
  onSubmit: (name: string) => Promise<unknown>;
  onDone: () => void;
};

function DepartmentNameForm({
  initialName,
  submitLabel,
  pendingLabel,
  successMessage,
  failureMessage,
  onSubmit,
  onDone,
}: DepartmentNameFormProps) {
  const { t } = useTranslation('teamManagement');
  const { errorText, messageText } = useServerErrorText();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = departmentNameSchema.safeParse({ name });
    if (!parsed.success) {
      setError(messageText(getFieldErrors(parsed.error).name));
      return;
    }
    setIsSaving(true);
    try {
      await onSubmit(parsed.data.name);
      toast.success(successMessage);
      onDone();
    } catch (caught) {
      // Shown under the field (e.g. 'A department with this name already exists'), so the name can be corrected.
      console.error('Failed to save department:', caught);
      setError(errorText(caught, failureMessage));
      setIsSaving(false);
    }
  };

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      cancelLabel={t('cancel')}
      isPending={isSaving}
      isSubmitDisabled={name.trim() === ''}
      onCancel={onDone}
    >
      <TextField
        label={t('departments.name')}
        placeholder={t('departments.namePlaceholder')}
        autoComplete="off"
        required
        maxLength={DEPARTMENT_NAME_MAX}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
    </DialogForm>
  );
}

type DepartmentNameDialogProps = Omit<DepartmentNameFormProps, 'onDone'> & {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: string;
};

/** Adds or renames a department: the name is required; the server's refusal shows under the field. */
export function DepartmentNameDialog({ trigger, title, description, ...formProps }: DepartmentNameDialogProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <FormDialog isOpen={isOpen} onOpenChange={setIsOpen} trigger={trigger} title={title} description={description}>
      <DepartmentNameForm {...formProps} onDone={() => setIsOpen(false)} />
    </FormDialog>
  );
}
