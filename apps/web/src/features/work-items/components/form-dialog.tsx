import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** A team member a task can be assigned to, or a file shared with; the route passes them in. */
export type WorkItemMember = { userId: string; name: string };

type FormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
};

/** The dialog frame both forms share. */
export function FormDialog({ isOpen, onOpenChange, trigger, title, description, children }: FormDialogProps) {
  const { t } = useTranslation('translation');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

type FormFooterProps = {
  submitLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  isPending: boolean;
  onCancel: () => void;
};

/** Cancel and submit; while the form is sent both are disabled and the submit shows a spinner. */
export function FormFooter({ submitLabel, pendingLabel, cancelLabel, isPending, onCancel }: FormFooterProps) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={isPending}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
        {isPending ? <Spinner /> : null}
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
