import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';

type ConfirmDialogProps = {
  title: string;
  description: string;
  confirmLabel: string;
  /** 'Cancel' unless the screen names it otherwise. */
  cancelLabel?: string;
  /**
   * Runs after confirmation. When it returns a promise the dialog stays open, its buttons disabled, until the promise
   * settles, then closes; the caller reports the outcome.
   */
  onConfirm: () => unknown;
  /** The button that opens the dialog; without one, `isOpen` and `onOpenChange` control it. */
  trigger?: ReactNode;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
};

/** Asks before something destructive with Cancel and the confirm button; it cannot be dismissed while it runs. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  trigger,
  isOpen: controlledIsOpen,
  onOpenChange,
}: ConfirmDialogProps) {
  const { t } = useTranslation('translation');
  const [uncontrolledIsOpen, setUncontrolledIsOpen] = useState(false);
  const [isRunning, setIsRunning] = useState(false);
  const isOpen = controlledIsOpen ?? uncontrolledIsOpen;

  const changeOpen = (nextIsOpen: boolean) => {
    setUncontrolledIsOpen(nextIsOpen);
    onOpenChange?.(nextIsOpen);
  };

  const confirm = async () => {
    setIsRunning(true);
    try {
      await onConfirm();
    } finally {
      setIsRunning(false);
      changeOpen(false);
    }
  };

  return (
    <AlertDialog open={isOpen} onOpenChange={(nextIsOpen) => !isRunning && changeOpen(nextIsOpen)}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isRunning}>{cancelLabel ?? t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={isRunning}
            onClick={(event) => {
              // Keep the dialog open until the request settles.
              event.preventDefault();
              void confirm();
            }}
          >
            {isRunning ? <Spinner /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
