/** A member's display name: first and last name, else the email, else 'Unknown User' (passed in, translated). */
export function getMemberName(
  member: { firstName?: string | null; lastName?: string | null; email?: string | null },
  fallback: string,
): string {
  const name = `${member.firstName ?? ''} ${member.lastName ?? ''}`.trim();
  return name || member.email || fallback;
}

/** Up to two initials from the name (or the email's first letter). */
export function getInitials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const initials =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0]?.slice(0, 1) ?? '?');
  return initials.toUpperCase();
}
