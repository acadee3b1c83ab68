/** The browser storage keys the app keeps its choices under (spec 000 section 9). */
export const STORAGE_KEYS = {
  theme: 'ui-theme',
  language: 'app-language',
  notifications: 'notifications-enabled',
  welcomeShown: 'welcome-shown',
  postAuthRedirect: 'post-auth-redirect',
  /** An employee's invite code, kept until the team can be joined. */
  pendingInviteCode: 'pending-invite-code',
} as const;
