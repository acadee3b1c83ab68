import type { TeamSearchResult } from '@lumen/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useTeamSearch } from '../api/search-team';
import { getMemberName } from '../utils/member-name';

/** The search runs once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 250;

type SearchedDocument = TeamSearchResult['documents'][number];

/**
 * A team search box's state: the typed text, searched once typing pauses, and the answer ready to list (members by
 * display name and role, spaces, and documents described by the caller: their type and where they open).
 */
export function useTeamSearchResults<TDocumentDetails extends object>({
  describeDocument,
}: {
  describeDocument: (document: SearchedDocument) => TDocumentDetails;
}) {
  const { t } = useTranslation('teams');
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const searchedQuery = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useTeamSearch(searchedQuery);
  const results = useMemo(
    () =>
      search.data && {
        members: search.data.members.map((member) => ({
          id: member.userId,
          name: getMemberName(member, t('unknownUser')),
          email: member.email,
          roleLabel: t(`roles.${member.role}`),
        })),
        spaces: search.data.spaces,
        documents: search.data.documents.map((document) => ({
          id: document.id,
          title: document.title,
          ...describeDocument(document),
        })),
      },
    [search.data, t, describeDocument],
  );
  return {
    query,
    onQueryChange: setQuery,
    searchedQuery,
    results: searchedQuery === '' ? undefined : results,
    isSearching: search.isFetching || typed !== searchedQuery,
    isError: search.isError && typed === searchedQuery,
  };
}
