import type { DocumentSource, DocumentTypeFilter } from '@lumen/contract';
import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ALL_FILTER, type AssetFilterValues, type ProcessedFilter } from '../utils/asset-filters';
import { useAssetsParams } from './use-assets-params';

/** The search runs once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/** The filters as the documents list sends them to the server; undefined filters nothing. */
export type AssetListQuery = {
  q: string;
  source: DocumentSource | undefined;
  type: DocumentTypeFilter | undefined;
  processed: ProcessedFilter | undefined;
};

/**
 * The hub's search box and selects: what they show, their setters, and the query they make (the search debounced,
 * 'All' left out). The processed filter lives in the URL (the sidebar links to it).
 */
export function useAssetFilters() {
  const { processed, setProcessed } = useAssetsParams();
  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState<AssetFilterValues['platform']>(ALL_FILTER);
  const [type, setType] = useState<AssetFilterValues['type']>(ALL_FILTER);
  const searchedText = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query: AssetListQuery = {
    q: searchedText,
    source: platform === ALL_FILTER ? undefined : platform,
    type: type === ALL_FILTER ? undefined : type,
    processed: processed === ALL_FILTER ? undefined : processed,
  };

  return {
    values: { search, platform, type, processed } satisfies AssetFilterValues,
    setSearch,
    setPlatform,
    setType,
    setProcessed,
    query,
    isFiltered: Object.values(query).some(Boolean),
  };
}
