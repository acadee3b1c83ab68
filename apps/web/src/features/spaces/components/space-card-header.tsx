import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type SpaceCardHeaderProps = {
  title: string;
  description: string;
  /** The card's action on the right (Upload, Invite Member); it wraps below on narrow screens. */
  children?: ReactNode;
};

/** A space card's heading (an h2, for the page outline) with its description and action. */
export function SpaceCardHeader({ title, description, children }: SpaceCardHeaderProps) {
  return (
    <CardHeader className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1.5">
        <CardTitle className="text-lg">
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {children}
    </CardHeader>
  );
}
