import { type FormEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, type FormActionsProps } from '@/components/form-actions';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

type FormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: string;
  /** The button that opens the dialog; without one, the caller opens it (a menu item, a URL parameter). */
  trigger?: ReactNode;
  /** The accessible name of the corner button that closes the dialog; 'Close' unless the screen names it otherwise. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
};

/**
 * The frame of every dialog that holds a form (or a list): title, description, then the body. Opened without a
 * trigger (from a URL change, a menu), it gives focus back on closing to whatever had it when it opened.
 */
export function FormDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  trigger,
  closeLabel,
  className,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('translation');
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        closeLabel={closeLabel ?? t('common.close')}
        className={className}
        onOpenAutoFocus={() => {
          if (trigger) return; // Radix returns focus to its trigger itself.
          returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const element = returnFocusRef.current;
          if (trigger || !element?.isConnected) return;
          event.preventDefault();
          element.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

type DialogFormProps = FormActionsProps & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

/** The body of a form dialog: its fields, locked while the request runs, then Cancel and submit. */
export function DialogForm({ onSubmit, children, ...actions }: DialogFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <fieldset disabled={actions.isPending} className="grid gap-4">
        {children}
      </fieldset>
      <DialogFooter>
        <FormActions {...actions} />
      </DialogFooter>
    </form>
  );
}
