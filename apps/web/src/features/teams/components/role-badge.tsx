import type { Role } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const ROLE_STYLES: Record<Role, string> = {
  admin: 'border-transparent bg-red-500/15 text-red-700 dark:text-red-300',
  team_lead: 'border-transparent bg-blue-500/15 text-blue-700 dark:text-blue-300',
  employee: 'border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  viewer: 'border-transparent bg-muted text-muted-foreground',
};

/** A role's label; 'member' when no role is known (docs/product-rules.md#roles). */
export function RoleBadge({ role, className }: { role: Role | null | undefined; className?: string }) {
  const { t } = useTranslation('teams');
  return (
    <Badge variant="outline" className={cn(role ? ROLE_STYLES[role] : undefined, className)}>
      {t(`roles.${role ?? 'member'}`)}
    </Badge>
  );
}
