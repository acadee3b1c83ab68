/** An action code as words: 'user_login' -> 'User login' (the codes are not translated; spec 001 names them so). */
export function humanizeAction(action: string): string {
  const words = action.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
