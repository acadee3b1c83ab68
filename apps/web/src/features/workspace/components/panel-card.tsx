import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type PanelCardProps = {
  title: string;
  description: string;
  /** Links or buttons at the end of the heading row. */
  actions: ReactNode;
  children: ReactNode;
};

/** A workspace tab's main card: a heading with its description and actions, then the content. */
export function PanelCard({ title, description, actions, children }: PanelCardProps) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {actions}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
