import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FieldErrors, getFieldErrors } from '@/lib/form';
import { formMessageText } from '@/lib/server-error-text';

/**
 * Field values and per-field errors of an auth form: typing into a field clears its error; `validate` runs the shared
 * zod schema and shows the translated messages under the fields.
 */
export function useAuthForm<TValues extends Record<string, string>>(initialValues: TValues) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<TValues>>({});

  const updateField = (field: keyof TValues & string) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const errorText = (field: keyof TValues & string) => {
    const message = errors[field];
    return formMessageText(t, message);
  };

  /** The parsed data, or null after showing the field errors. */
  const validate = <TOutput>(result: z.ZodSafeParseResult<TOutput>): TOutput | null => {
    if (!result.success) {
      setErrors(getFieldErrors(result.error) as FieldErrors<TValues>);
      return null;
    }
    setErrors({});
    return result.data;
  };

  return { values, updateField, errorText, validate };
}
