import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type SectionProps = {
  title: string;
  description?: string;
  /** A link or button at the end of the heading row ('View all'). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A titled region of a dashboard (a grid of cards, for instance); screen readers list it by its heading. */
export function DashboardSection({ title, description, action, children, className }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={headingId} className="font-semibold text-lg tracking-tight">
            {title}
          </h2>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A titled region drawn as a card (the member list, Recent Activity). */
export function DashboardPanel({ title, description, action, children, className }: SectionProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className={cn('gap-4', className)} role="region">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-semibold text-lg leading-none tracking-tight">
            {title}
          </h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
