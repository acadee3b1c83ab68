/** A due date (YYYY-MM-DD, a calendar day with no time zone) in the user's language: 'Sep 30, 2026'. */
export function formatDueDate(dueDate: string, language: string): string {
  // Read and formatted in UTC, so the day never shifts with the browser's time zone.
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${dueDate}T00:00:00Z`),
  );
}

/** When something was shared, as a short date in the user's language and time zone. */
export function formatSharedAt(isoTimestamp: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(isoTimestamp));
}
