import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type SubmitButtonProps = {
  isPending: boolean;
  pendingLabel: string;
  children: ReactNode;
};

/** A full-width submit button that is disabled and shows a spinner while the form is being sent. */
export function SubmitButton({ isPending, pendingLabel, children }: SubmitButtonProps) {
  return (
    <Button type="submit" className="w-full" disabled={isPending} aria-busy={isPending || undefined}>
      {isPending ? (
        <>
          <Spinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
