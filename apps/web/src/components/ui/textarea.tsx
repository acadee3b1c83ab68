import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A multi-line text field with the inputs' border, focus ring and invalid state; at least five rows tall by default. */
export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none disabled:opacity-50 dark:bg-input/30',
        'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring',
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
