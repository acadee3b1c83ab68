import { SearchIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { WorkspaceSearchResults } from '../types';
import { SearchResultsPanel } from './search-results-panel';

type WorkspaceSearchProps = {
  /** What is typed (the route debounces it before searching). */
  query: string;
  onQueryChange: (query: string) => void;
  /** The text the shown results are for. */
  searchedQuery: string;
  results: WorkspaceSearchResults | undefined;
  /** A search is running, or the typed text has not been searched yet. */
  isSearching: boolean;
  isError: boolean;
};

/** Searches the team's members, spaces and documents; the results show under the box; Escape clears. */
export function WorkspaceSearch({
  query,
  onQueryChange,
  searchedQuery,
  results,
  isSearching,
  isError,
}: WorkspaceSearchProps) {
  const { t } = useTranslation('workspace');
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const hasQuery = query.trim() !== '';

  const clear = () => {
    onQueryChange('');
    inputRef.current?.focus();
  };

  // Escape clears from the box and from anywhere in the results.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !hasQuery) return;
    event.preventDefault();
    clear();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and to jsdom); the role works everywhere.
    <div role="search" className="grid gap-2" onKeyDown={handleKeyDown}>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={inputRef}
          type="search"
          aria-label={t('search.label')}
          aria-controls={hasQuery ? resultsId : undefined}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          maxLength={200}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {hasQuery ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('search.clear')}
            onClick={clear}
            className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
          >
            <XIcon aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {hasQuery ? (
        <SearchResultsPanel
          id={resultsId}
          searchedQuery={searchedQuery}
          results={results}
          isSearching={isSearching}
          isError={isError}
        />
      ) : null}
    </div>
  );
}
