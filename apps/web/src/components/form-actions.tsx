import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export type FormActionsProps = {
  submitLabel: string;
  /** The submit's text while the form is being sent ('Sending...'). */
  pendingLabel: string;
  cancelLabel: string;
  isPending: boolean;
  /** Keeps the submit disabled for another reason too (a required field still empty). */
  isSubmitDisabled?: boolean;
  onCancel: () => void;
};

/** Cancel and submit of a form; while it is sent both are disabled and the submit shows a spinner. */
export function FormActions({
  submitLabel,
  pendingLabel,
  cancelLabel,
  isPending,
  isSubmitDisabled = false,
  onCancel,
}: FormActionsProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={isPending}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={isPending || isSubmitDisabled} aria-busy={isPending || undefined}>
        {isPending ? <Spinner /> : null}
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}
