import { DEFAULT_TASK_PRIORITY, type TaskPriority } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const PRIORITY_STYLES: Record<TaskPriority, string> = {
  urgent: 'border-transparent bg-destructive text-white',
  high: 'border-transparent bg-orange-500/15 text-orange-700 dark:text-orange-300',
  medium: 'border-transparent bg-secondary text-secondary-foreground',
  low: 'text-muted-foreground',
};

/** The task's priority; a task without one shows as medium (docs/product-rules.md#tasks-and-shared-files). */
export function TaskPriorityBadge({ priority }: { priority: TaskPriority | null }) {
  const { t } = useTranslation('dashboards');
  const shown = priority ?? DEFAULT_TASK_PRIORITY;
  return (
    <Badge variant="outline" className={cn(PRIORITY_STYLES[shown])}>
      {t(`tasks.priority.${shown}`)}
    </Badge>
  );
}
