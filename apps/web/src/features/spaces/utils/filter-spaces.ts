import type { Space } from '@lumen/contract';

/** The spaces whose name or description contains the query, case-insensitively (docs/product-rules.md#spaces). */
export function filterSpaces(spaces: readonly Space[], query: string): Space[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...spaces];
  return spaces.filter(
    (space) => space.name.toLowerCase().includes(needle) || (space.description ?? '').toLowerCase().includes(needle),
  );
}
