/** A date in the UI language's medium style ('Mar 4, 2026', '4 mars 2026'); an invalid date gives ''. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}
