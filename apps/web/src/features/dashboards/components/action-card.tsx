import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

export type DashboardAction = {
  /** Stable key (the destination may repeat across sections). */
  id: string;
  to: string;
  icon: LucideIcon;
  title: string;
  description: string;
  /** A count on the card (unread messages): its short text and what it means, read with the description. */
  badge?: { text: string; label: string };
};

/** A card that is one link: its title is the link's name, its description the link's description. */
export function ActionCard({ to, icon: Icon, title, description, badge }: Omit<DashboardAction, 'id'>) {
  const titleId = useId();
  const descriptionId = useId();
  const badgeId = useId();
  return (
    <Link
      to={to}
      aria-labelledby={titleId}
      aria-describedby={badge ? `${descriptionId} ${badgeId}` : descriptionId}
      className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm outline-none transition-colors hover:bg-accent/60 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary-text">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="grid gap-1">
        <span className="flex items-center gap-2">
          <span id={titleId} className="font-medium leading-tight group-hover:underline group-hover:underline-offset-4">
            {title}
          </span>
          {badge && (
            <span className="rounded-full bg-primary px-2 py-0.5 font-medium text-primary-foreground text-xs">
              <span aria-hidden="true">{badge.text}</span>
              <span id={badgeId} className="sr-only">
                {badge.label}
              </span>
            </span>
          )}
        </span>
        <span id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </span>
      </span>
    </Link>
  );
}

/** Action cards in a responsive grid. */
export function ActionGrid({ actions }: { actions: readonly DashboardAction[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {actions.map(({ id, ...action }) => (
        <li key={id}>
          <ActionCard {...action} />
        </li>
      ))}
    </ul>
  );
}
