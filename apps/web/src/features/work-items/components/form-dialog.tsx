import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFormFooter, type FormActionsProps } from '@/components/form-actions';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

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

type DialogFormProps = FormActionsProps & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

/** The body both forms share: their fields, locked while the request runs, then Cancel and submit. */
export function DialogForm({ onSubmit, children, ...actions }: DialogFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <fieldset disabled={actions.isPending} className="grid gap-4">
        {children}
      </fieldset>
      <DialogFormFooter {...actions} />
    </form>
  );
}
