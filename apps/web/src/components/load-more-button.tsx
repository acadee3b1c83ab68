import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type LoadMoreButtonProps = {
  /** The next page is on its way: the button waits. */
  isLoading: boolean;
  onLoadMore: () => void;
  /** Translated by the caller ('Load More', or 'Loading...' while `isLoading`). */
  children: ReactNode;
};

/** The button under a list that grows a page at a time. */
export function LoadMoreButton({ isLoading, onLoadMore, children }: LoadMoreButtonProps) {
  return (
    <Button variant="outline" size="sm" className="justify-self-start" disabled={isLoading} onClick={onLoadMore}>
      {children}
    </Button>
  );
}
