import { DOCUMENT_TYPE_FILTERS, type DocumentSource, type DocumentTypeFilter } from '@lumen/contract';

/**
 * The platform filter: the original four platforms (docs/product-rules.md#document-hub), Dropbox and Confluence (the
 * other connected sources), plus uploads and space files, which are real sources here.
 */
export const ASSET_PLATFORM_FILTERS = [
  'google-drive',
  'onedrive',
  'dropbox',
  'notion',
  'slack',
  'confluence',
  'upload',
  'space',
] as const satisfies readonly DocumentSource[];
export type AssetPlatformFilter = (typeof ASSET_PLATFORM_FILTERS)[number];

export const PROCESSED_FILTERS = ['processed', 'unprocessed'] as const;
export type ProcessedFilter = (typeof PROCESSED_FILTERS)[number];

/** The value of a select's 'All' option. */
export const ALL_FILTER = 'all';

export type AssetFilterValues = {
  search: string;
  platform: AssetPlatformFilter | typeof ALL_FILTER;
  type: DocumentTypeFilter | typeof ALL_FILTER;
  processed: ProcessedFilter | typeof ALL_FILTER;
};

function isOneOf<T extends string>(options: readonly T[], value: string | null | undefined): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

export function toPlatformFilter(value: string | null | undefined): AssetFilterValues['platform'] {
  return isOneOf(ASSET_PLATFORM_FILTERS, value) ? value : ALL_FILTER;
}

export function toTypeFilter(value: string | null | undefined): AssetFilterValues['type'] {
  return isOneOf(DOCUMENT_TYPE_FILTERS, value) ? value : ALL_FILTER;
}

/** ?filter=processed|unprocessed (the sidebar's links); anything else shows every asset. */
export function toProcessedFilter(value: string | null | undefined): AssetFilterValues['processed'] {
  return isOneOf(PROCESSED_FILTERS, value) ? value : ALL_FILTER;
}
