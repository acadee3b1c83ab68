import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type ToolPartLineProps = {
  /** The part's state, for tests and styling hooks. */
  state: string;
  icon: ReactNode;
  isError?: boolean;
  children: ReactNode;
};

/** One line saying what a tool call is doing or did: an icon (hidden from screen readers) and its text. */
export function ToolPartLine({ state, icon, isError = false, children }: ToolPartLineProps) {
  return (
    <p
      data-testid="tool-part"
      data-state={state}
      className={cn(
        'flex flex-wrap items-center gap-1.5 text-xs',
        isError ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      <span aria-hidden="true">{icon}</span>
      {children}
    </p>
  );
}
