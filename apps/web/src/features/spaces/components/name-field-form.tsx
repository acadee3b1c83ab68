import type { FormEvent } from 'react';
import { DialogFormFooter, type FormActionsProps } from '@/components/form-actions';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

// The input's own onSubmit is dropped: onSubmit here is the form's.
type NameFieldFormProps = Omit<TextFieldProps, 'onSubmit'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  actions: FormActionsProps;
};

/** A dialog's one-field form (renaming a space or a file): the name input, then Cancel and submit. */
export function NameFieldForm({ onSubmit, actions, ...fieldProps }: NameFieldFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField {...fieldProps} />
      <DialogFormFooter {...actions} />
    </form>
  );
}
