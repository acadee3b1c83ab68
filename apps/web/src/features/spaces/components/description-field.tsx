import { SPACE_DESCRIPTION_MAX } from '@lumen/contract';
import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

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
      <Textarea
        id={id}
        placeholder={placeholder}
        maxLength={SPACE_DESCRIPTION_MAX}
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </Field>
  );
}
