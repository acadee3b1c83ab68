import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type SearchFieldProps = {
  /** The accessible name (the field has no visible label). */
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
};

/** A search box with a magnifier icon, filtering as the user types. */
export function SearchField({ label, placeholder, value, onValueChange, className }: SearchFieldProps) {
  return (
    <div className={cn('relative', className)}>
      <SearchIcon
        className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
