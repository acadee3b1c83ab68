import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useRealtimeStatus } from './realtime-provider';

const DOT: Record<string, string> = {
  live: 'bg-green-500',
  connecting: 'bg-amber-500',
  reconnecting: 'bg-amber-500 animate-pulse',
  offline: 'bg-gray-400',
};

/** The connection state in the header: Live, Reconnecting or Offline (ADR 0052). */
export function RealtimeStatusBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  if (!status) return null;
  return (
    <span role="status" className={cn('flex items-center gap-1.5 text-muted-foreground text-xs', className)}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', DOT[status])} />
      {t(`realtime.${status}`)}
    </span>
  );
}
