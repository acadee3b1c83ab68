import * as React from 'react';
import { Field, FieldError } from './field';
import { Input } from './input';
import { Label } from './label';

export type TextFieldProps = Omit<React.ComponentProps<'input'>, 'id'> & {
  id?: string;
  label: string;
  /** A translated error message shown under the input. */
  error?: string | undefined;
  /** Rendered at the end of the label row (a "Forgot password?" link, for instance). */
  labelAside?: React.ReactNode;
  /** Rendered inside the input's box, on the right (a show/hide toggle, for instance). */
  endAdornment?: React.ReactNode;
};

/** A labelled input with its error message, wired for assistive technology. */
export function TextField({ id, label, error, labelAside, endAdornment, className, ...inputProps }: TextFieldProps) {
  const generatedId = React.useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const input = (
    <Input
      id={inputId}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={endAdornment ? 'pr-10' : undefined}
      {...inputProps}
    />
  );
  return (
    <Field className={className}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      {endAdornment ? (
        <div className="relative">
          {input}
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{endAdornment}</div>
        </div>
      ) : (
        input
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </Field>
  );
}
