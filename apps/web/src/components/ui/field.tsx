import type * as React from 'react';
import { cn } from '@/lib/utils';

export function Field({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('grid gap-2', className)} {...props} />;
}

export function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p data-slot="field-error" className={cn('text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  );
}
