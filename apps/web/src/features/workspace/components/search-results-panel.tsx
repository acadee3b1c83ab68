import { FileTextIcon, FolderIcon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import type { WorkspaceSearchResults } from '../types';

type SearchResultsPanelProps = {
  id: string;
  searchedQuery: string;
  results: WorkspaceSearchResults | undefined;
  isSearching: boolean;
  isError: boolean;
};

const itemClassName =
  'flex items-start gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring';

function ResultGroup({ title, emptyText, children }: { title: string; emptyText: string; children: ReactNode[] }) {
  return (
    <section aria-label={title} className="grid content-start gap-1">
      <h2 className="px-2 font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h2>
      {children.length > 0 ? (
        <ul className="grid gap-0.5">{children}</ul>
      ) : (
        <p className="px-2 py-1.5 text-muted-foreground text-sm">{emptyText}</p>
      )}
    </section>
  );
}

/** The search's answer in three groups: Members, Spaces, Documents. */
export function SearchResultsPanel({ id, searchedQuery, results, isSearching, isError }: SearchResultsPanelProps) {
  const { t } = useTranslation('workspace');

  const content = (() => {
    if (isError) {
      return (
        <p role="alert" className="text-destructive text-sm">
          {t('search.failed')}
        </p>
      );
    }
    if (!results) return <Spinner label={t('search.searching')} className="text-muted-foreground" />;
    const total = results.members.length + results.spaces.length + results.documents.length;
    if (total === 0 && !isSearching) {
      return <p className="text-muted-foreground text-sm">{t('search.noResults', { query: searchedQuery })}</p>;
    }
    return (
      <div className={cn('grid gap-4 md:grid-cols-3', isSearching && 'opacity-60')}>
        <ResultGroup title={t('search.groups.members')} emptyText={t('search.empty.members')}>
          {results.members.map((member) => (
            <li key={member.id}>
              <Link to={paths.teamManagement.getHref({ tab: 'members' })} className={itemClassName}>
                <UserIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{member.name}</span>
                  <span className="block truncate text-muted-foreground text-xs">
                    {member.email} · {member.roleLabel}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ResultGroup>
        <ResultGroup title={t('search.groups.spaces')} emptyText={t('search.empty.spaces')}>
          {results.spaces.map((space) => (
            <li key={space.id}>
              <Link to={paths.space.getHref(space.name)} className={itemClassName}>
                <FolderIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{space.name}</span>
                  {space.description ? (
                    <span className="block truncate text-muted-foreground text-xs">{space.description}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ResultGroup>
        <ResultGroup title={t('search.groups.documents')} emptyText={t('search.empty.documents')}>
          {results.documents.map((document) => (
            <li key={document.id}>
              <a href={document.href} target="_blank" rel="noopener noreferrer" className={itemClassName}>
                <FileTextIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{document.title}</span>
                  <span className="block truncate text-muted-foreground text-xs">
                    {document.typeLabel ? `${document.typeLabel} · ` : ''}
                    {t('search.opensInNewTab')}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ResultGroup>
      </div>
    );
  })();

  return (
    <section
      id={id}
      aria-label={t('search.results')}
      aria-busy={isSearching}
      className="rounded-lg border bg-popover p-3 text-popover-foreground shadow-sm"
    >
      {content}
    </section>
  );
}
