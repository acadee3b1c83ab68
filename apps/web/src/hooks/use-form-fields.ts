import { useState } from 'react';

export type FormFieldErrors<TForm> = Partial<Record<keyof TForm, string>>;

/** A form's values and per-field errors; editing a field clears its error, so a message never outlives its cause. */
export function useFormFields<TForm extends object>(emptyForm: TForm) {
  const [form, setForm] = useState<TForm>(emptyForm);
  const [errors, setErrors] = useState<FormFieldErrors<TForm>>({});

  const update = <TField extends keyof TForm>(field: TField, value: TForm[TField]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const reset = () => setForm(emptyForm);

  return { form, errors, setErrors, update, reset };
}
