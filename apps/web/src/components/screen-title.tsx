import type { ReactNode } from 'react';

/** The heading of a screen; screens owned by later issues show only this for now. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return <h1 className="font-semibold text-2xl tracking-tight">{children}</h1>;
}
