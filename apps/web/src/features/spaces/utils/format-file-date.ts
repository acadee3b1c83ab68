/**
 * A file's upload time as the file card shows it (docs/product-rules.md#space-files), always en-US whatever the UI
 * language: "Nov 21, 2026, 10:05 AM". `timeZone` defaults to the browser's (tests pin it).
 */
export function formatFileDate(isoDate: string, timeZone?: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  return (
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    })
      .format(date)
      // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same and compares simply.
      .replace(/\u202f/g, ' ')
  );
}
