/** A member's department: the department's name, else their free department label, else 'General' (passed in). */
export function getDepartmentLabel(
  member: { department?: string | null; customDepartment?: string | null },
  general: string,
): string {
  return member.department?.trim() || member.customDepartment?.trim() || general;
}

/** The name to greet: the first name, else the first word of the full name, else the email's local part. */
export function getGreetingName(
  user: { firstName?: string | null; name?: string | null; email?: string | null } | null | undefined,
  fallback: string,
): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const firstWord = user?.name?.trim().split(/\s+/)[0];
  if (firstWord) return firstWord;
  return user?.email?.split('@')[0]?.trim() || fallback;
}
