import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type IntegrationCardFrameProps = {
  id: string;
  headingId: string;
  name: string;
  description: string;
  icon: LucideIcon;
  /** The state line, beside the name. */
  status?: ReactNode;
  children: ReactNode;
};

/** A card of the connected-services dialog: icon, name, state and description, then the card's own body. */
export function IntegrationCardFrame({
  id,
  headingId,
  name,
  description,
  icon: Icon,
  status,
  children,
}: IntegrationCardFrameProps) {
  return (
    <li data-testid={`integration-${id}`} aria-labelledby={headingId} className="flex gap-3 rounded-lg border p-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary-text">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={headingId} className="font-medium text-sm">
              {name}
            </h3>
            {status}
          </div>
          <p className="text-muted-foreground text-xs">{description}</p>
        </div>
        {children}
      </div>
    </li>
  );
}
