import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

type StatCardProps = {
  label: string;
  value: number;
  icon: LucideIcon;
  /** A line under the figure. */
  caption?: string | undefined;
};

/** One figure with its label. */
export function StatCard({ label, value, icon: Icon, caption }: StatCardProps) {
  const { i18n } = useTranslation();
  return (
    <Card className="gap-2 px-5 py-4">
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium text-muted-foreground text-sm">{label}</p>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      <p className="font-semibold text-3xl tabular-nums">{new Intl.NumberFormat(i18n.language).format(value)}</p>
      {caption ? <p className="text-muted-foreground text-xs">{caption}</p> : null}
    </Card>
  );
}
