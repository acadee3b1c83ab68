import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialogContent } from '@/components/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';

type ConfirmActionButtonProps = {
  /** The trigger's content (an icon and/or a word) and its accessible name. */
  children: ReactNode;
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  /** Runs after confirmation; the dialog stays open (buttons disabled) until it settles. */
  onConfirm: () => Promise<void>;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
};

/** A button that asks for confirmation before a destructive action (revoke, remove, delete). */
export function ConfirmActionButton({
  children,
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = 'ghost',
  size = 'sm',
  className,
}: ConfirmActionButtonProps) {
  const { t } = useTranslation('teamManagement');
  const [isOpen, setIsOpen] = useState(false);
  const [isRunning, setIsRunning] = useState(false);

  const confirm = async () => {
    setIsRunning(true);
    try {
      await onConfirm();
    } finally {
      setIsRunning(false);
      setIsOpen(false);
    }
  };

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !isRunning && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button variant={variant} size={size} className={className} aria-label={label} disabled={isRunning}>
          {children}
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title={title}
        description={description}
        cancelLabel={t('cancel')}
        confirmLabel={confirmLabel}
        isPending={isRunning}
        onConfirm={() => void confirm()}
      />
    </AlertDialog>
  );
}
