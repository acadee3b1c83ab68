import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type MemberRowProps = {
  /** The teams feature's avatar, passed in by the route. */
  avatar: ReactNode;
  name: string;
  /** A second line: the department, for instance. */
  detail?: string | undefined;
  /** The teams feature's role badge, passed in by the route. */
  badge: ReactNode;
  isCurrentUser?: boolean;
};

/** One member in a dashboard's member list: avatar, name (and 'You'), an optional detail line, role badge. */
export function MemberRow({ avatar, name, detail, badge, isCurrentUser = false }: MemberRowProps) {
  const { t } = useTranslation('dashboards');
  return (
    <li className="flex items-center gap-3">
      {avatar}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">
          {name}
          {isCurrentUser ? <span className="ml-1 font-normal text-muted-foreground">({t('members.you')})</span> : null}
        </p>
        {detail ? <p className="truncate text-muted-foreground text-xs">{detail}</p> : null}
      </div>
      {badge}
    </li>
  );
}
