/** The parts of a person's name that every screen and message shows. */
export interface NameParts {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}

/**
 * How Lumen names a person: "first last", else their email address, else the fallback (a profile that is gone).
 * The one definition for the server's activity entries, mails and lists, and the web's member lists.
 */
export function displayName(person: NameParts | null | undefined, fallback = ''): string {
  const name = `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
  return name || person?.email || fallback;
}
