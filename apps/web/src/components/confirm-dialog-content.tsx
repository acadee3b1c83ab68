import {
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';

type ConfirmDialogContentProps = {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
};

/** The body of a confirmation before something destructive: Cancel, and a confirm button that waits for the request. */
export function ConfirmDialogContent({
  title,
  description,
  cancelLabel,
  confirmLabel,
  isPending,
  onConfirm,
}: ConfirmDialogContentProps) {
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel disabled={isPending}>{cancelLabel}</AlertDialogCancel>
        <AlertDialogAction
          disabled={isPending}
          onClick={(event) => {
            // Keep the dialog open until the request settles.
            event.preventDefault();
            onConfirm();
          }}
        >
          {isPending ? <Spinner /> : null}
          {confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
