import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

type UpdateOptions = {
  /**
   * Replace the history entry (the default): Back then leaves the screen instead of stepping through tabs, filters or
   * dialogs. Pass false for a change the user should be able to go back from.
   */
  replace?: boolean;
};

/** The query parameters, and one way to change some of them while keeping the others. */
export function useUrlParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const updateParams = useCallback(
    (change: (params: URLSearchParams) => void, { replace = true }: UpdateOptions = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );
  return { searchParams, updateParams };
}
