import {
  createTaskSchema,
  DEFAULT_TASK_PRIORITY,
  TASK_PRIORITIES,
  TASK_TITLE_MAX,
  type TaskPriority,
} from '@lumen/contract';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { useFormFields } from '@/hooks/use-form-fields';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { getFieldErrors } from '@/lib/form';
import { useCreateTask } from '../api/create-task';
import type { WorkItemMember } from '../types';

type TaskForm = { title: string; assignedTo: string; priority: TaskPriority; dueDate: string };

const EMPTY_FORM: TaskForm = { title: '', assignedTo: '', priority: DEFAULT_TASK_PRIORITY, dueDate: '' };

function NewTaskForm({ members, onDone }: { members: WorkItemMember[]; onDone: () => void }) {
  const { t } = useTranslation('dashboards');
  const { errorText, messageText } = useServerErrorText();
  const createTask = useCreateTask();
  const { form, errors, setErrors, update, reset } = useFormFields(EMPTY_FORM);
  const assigneeId = useId();
  const priorityId = useId();
  const dueDateId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createTaskSchema.safeParse({ ...form, dueDate: form.dueDate || null });
    if (!parsed.success) {
      const fieldErrors = getFieldErrors(parsed.error);
      setErrors({
        title: messageText(fieldErrors.title),
        assignedTo: messageText(fieldErrors.assignedTo),
        dueDate: messageText(fieldErrors.dueDate),
      });
      return;
    }
    createTask.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('tasks.new.created'));
        reset();
        onDone();
      },
      onError: (error) => toast.error(errorText(error, t('tasks.new.failed'))),
    });
  };

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={t('tasks.new.submit')}
      pendingLabel={t('tasks.new.submitting')}
      cancelLabel={t('tasks.new.cancel')}
      isPending={createTask.isPending}
      onCancel={onDone}
    >
      <TextField
        label={t('tasks.new.titleLabel')}
        placeholder={t('tasks.new.titlePlaceholder')}
        autoComplete="off"
        required
        maxLength={TASK_TITLE_MAX}
        value={form.title}
        onChange={(event) => update('title', event.target.value)}
        error={errors.title}
      />
      <Field>
        <Label htmlFor={assigneeId}>{t('tasks.new.assignee')}</Label>
        <NativeSelect
          id={assigneeId}
          required
          value={form.assignedTo}
          aria-invalid={errors.assignedTo ? true : undefined}
          aria-describedby={errors.assignedTo ? `${assigneeId}-error` : undefined}
          onChange={(event) => update('assignedTo', event.target.value)}
        >
          <option value="">{t('tasks.new.assigneePlaceholder')}</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${assigneeId}-error`}>{errors.assignedTo}</FieldError>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor={priorityId}>{t('tasks.new.priority')}</Label>
          <NativeSelect
            id={priorityId}
            value={form.priority}
            onChange={(event) => update('priority', event.target.value as TaskPriority)}
          >
            {TASK_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(`tasks.priority.${priority}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field>
          <Label htmlFor={dueDateId}>{t('tasks.new.dueDate')}</Label>
          <Input
            id={dueDateId}
            type="date"
            value={form.dueDate}
            aria-invalid={errors.dueDate ? true : undefined}
            onChange={(event) => update('dueDate', event.target.value)}
          />
          <FieldError>{errors.dueDate}</FieldError>
        </Field>
      </div>
    </DialogForm>
  );
}

/** New Task (managers): title, assignee from the team's members, priority (medium by default) and a due date. */
export function NewTaskDialog({ members }: { members: WorkItemMember[] }) {
  const { t } = useTranslation('dashboards');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      title={t('tasks.new.title')}
      description={t('tasks.new.description')}
      trigger={
        <Button size="sm">
          <PlusIcon aria-hidden="true" />
          {t('tasks.new.button')}
        </Button>
      }
    >
      <NewTaskForm members={members} onDone={() => setIsOpen(false)} />
    </FormDialog>
  );
}
