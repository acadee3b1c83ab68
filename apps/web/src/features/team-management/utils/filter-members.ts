/**
 * The items whose fields contain the search text, ignoring case and surrounding spaces; a blank search keeps all.
 * Used by the Members tab (name, email, department, role) and the View All dialog (name, role, department).
 */
export function filterBySearch<T>(
  items: readonly T[],
  search: string,
  getFields: (item: T) => readonly (string | null | undefined)[],
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...items];
  return items.filter((item) => getFields(item).some((field) => field?.toLocaleLowerCase().includes(needle)));
}
