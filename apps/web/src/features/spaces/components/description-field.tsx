import { SPACE_DESCRIPTION_MAX } from '@lumen/contract';
import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';

type DescriptionFieldProps = {
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
};

/** A space's optional, multi-line description. */
export function DescriptionField({ label, placeholder, value, onValueChange, disabled }: DescriptionFieldProps) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        className="min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring disabled:opacity-50 dark:bg-input/30"
        placeholder={placeholder}
        maxLength={SPACE_DESCRIPTION_MAX}
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </Field>
  );
}
