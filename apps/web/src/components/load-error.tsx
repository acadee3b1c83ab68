import { Button } from '@/components/ui/button';

type LoadErrorProps = {
  message: string;
  /** Translated by the caller, so this component needs no feature's namespace. */
  retryLabel: string;
  onRetry: () => void;
};

/** A failed load inside a panel: what failed, and a button to try again. */
export function LoadError({ message, retryLabel, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <p className="text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
