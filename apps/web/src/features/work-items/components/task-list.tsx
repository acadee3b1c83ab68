import { compareTasks, type Task } from '@lumen/contract';
import { Trash2Icon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCalendarDay } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useDeleteTask } from '../api/delete-task';
import { useTasks } from '../api/get-tasks';
import type { TaskScope } from '../api/keys';
import { useUpdateTaskStatus } from '../api/update-task-status';
import { TaskPriorityBadge } from './task-priority-badge';

type TaskItemProps = {
  task: Task;
  showAssignee: boolean;
  canDelete: boolean;
  onToggle: (task: Task) => void;
  onDelete: (task: Task) => void;
};

function TaskItem({ task, showAssignee, canDelete, onToggle, onDelete }: TaskItemProps) {
  const { t, i18n } = useTranslation('dashboards');
  const isDone = task.status === 'done';
  return (
    <li className="flex items-start gap-3 rounded-md border p-3">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={isDone}
        onChange={() => onToggle(task)}
        aria-label={t(isDone ? 'tasks.markTodo' : 'tasks.markDone', { title: task.title })}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className={cn('font-medium text-sm', isDone && 'text-muted-foreground line-through')}>{task.title}</p>
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
          <TaskPriorityBadge priority={task.priority} />
          <span>
            {task.dueDate
              ? t('tasks.due', { date: formatCalendarDay(task.dueDate, i18n.language) })
              : t('tasks.noDueDate')}
          </span>
          {showAssignee ? <span>{t('tasks.assignedTo', { name: task.assigneeName })}</span> : null}
          {showAssignee ? (
            <Badge variant={isDone ? 'secondary' : 'outline'}>{t(`tasks.status.${task.status}`)}</Badge>
          ) : null}
        </div>
      </div>
      {canDelete ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={t('tasks.delete', { title: task.title })}
          onClick={() => onDelete(task)}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

type TaskListProps = {
  /** 'me': the user's own tasks (My Tasks); 'all': every task of the team (managers' Team Tasks). */
  scope: TaskScope;
  /** Shows each task's assignee and status (the team list). */
  showAssignee?: boolean;
  /** Offers a delete button per task (managers). */
  canDelete?: boolean;
};

/**
 * A task list: loading, failed with a retry, empty, or the tasks by priority, due date and newest first. Ticking a
 * checkbox changes the task at once and puts it back with 'Could not update task' when the server refuses.
 */
export function TaskList({ scope, showAssignee = false, canDelete = false }: TaskListProps) {
  const { t } = useTranslation('dashboards');
  const tasks = useTasks({ scope });
  const updateStatus = useUpdateTaskStatus({ onError: () => toast.error(t('tasks.updateFailed')) });
  const deleteTask = useDeleteTask({
    onSuccess: () => toast.success(t('tasks.deleted')),
    onError: () => toast.error(t('tasks.deleteFailed')),
  });
  const sorted = useMemo(() => [...(tasks.data ?? [])].sort(compareTasks), [tasks.data]);

  if (tasks.isPending) return <Spinner className="size-5 text-muted-foreground" label={t('tasks.loading')} />;
  if (tasks.isError) {
    return <LoadError message={t('tasks.loadFailed')} retryLabel={t('retry')} onRetry={() => void tasks.refetch()} />;
  }
  if (sorted.length === 0) {
    return <p className="text-muted-foreground text-sm">{t(scope === 'me' ? 'tasks.emptyMine' : 'tasks.emptyTeam')}</p>;
  }
  return (
    <ul
      className="grid max-h-96 gap-2 overflow-y-auto pr-1"
      aria-label={t(scope === 'me' ? 'tasks.myTitle' : 'tasks.teamTitle')}
    >
      {sorted.map((task) => (
        <TaskItem
          key={task.id}
          task={task}
          showAssignee={showAssignee}
          canDelete={canDelete}
          onToggle={(toggled) =>
            updateStatus.mutate({ taskId: toggled.id, status: toggled.status === 'done' ? 'todo' : 'done' })
          }
          onDelete={(deleted) => deleteTask.mutate(deleted.id)}
        />
      ))}
    </ul>
  );
}
