import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

type SpinnerProps = React.ComponentProps<'svg'> & {
  /** Accessible name; when set, the spinner is announced as a status. */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  if (label) {
    return (
      <span role="status" aria-label={label} className="inline-flex">
        <Loader2Icon aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />
      </span>
    );
  }
  return <Loader2Icon aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
}

/** Full-area loading state for pages and guards. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] w-full flex-1 items-center justify-center">
      <Spinner label={label} className="size-8 text-muted-foreground" />
    </div>
  );
}
