import type { AuditSeverity } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// The word always shows: the colour only adds to it (WCAG 1.4.1).
const SEVERITY_STYLES: Record<AuditSeverity, string> = {
  info: 'border-transparent bg-secondary text-secondary-foreground',
  low: 'border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  medium: 'border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-300',
  high: 'border-transparent bg-orange-500/15 text-orange-700 dark:text-orange-300',
  critical: 'border-transparent bg-destructive text-white',
};

export function AuditSeverityBadge({ severity }: { severity: AuditSeverity }) {
  const { t } = useTranslation('audit');
  return (
    <Badge variant="outline" className={cn(SEVERITY_STYLES[severity])}>
      {t(`severity.${severity}`)}
    </Badge>
  );
}
