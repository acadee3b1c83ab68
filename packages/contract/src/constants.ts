/** The product's business constants (docs/product-rules.md#other-constants and #chat-numbers). */
export const PRODUCT_NAME = 'Lumen';

export const STORAGE_KEYS = {
  theme: 'ui-theme',
  language: 'app-language',
  notifications: 'notifications-enabled',
  welcomeShown: 'welcome-shown',
  postAuthRedirect: 'post-auth-redirect',
  /** An employee's invite code, kept until the team can be joined. */
  pendingInviteCode: 'pending-invite-code',
} as const;

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const AUTH_TIMINGS = {
  /** Sign-out navigates to /auth about this long after the toast. */
  signOutRedirectMs: 300,
} as const;

export const SIDEBAR = {
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
  mobileBreakpointPx: 768,
  keyboardShortcut: 'b',
} as const;

export const CHAT = {
  composerMaxHeightPx: 120,
  titleMaxLength: 30,
  previewMaxLength: 50,
  autoScrollDelayMs: 50,
  messageAnimationDelayMsPerIndex: 50,
  welcomeHintIntervalMs: 3000,
  dailyUpdatesRefreshMs: 30_000,
} as const;

export const INTEGRATIONS = {
  reconnectMaxAttempts: 5,
  statusPollMs: 3000,
  connectingTimeoutMs: 120_000,
  postCloseRefreshMs: 2000,
  popupCheckMs: 1000,
  popupWidth: 600,
  popupHeight: 700,
  simulatedConnectMs: 2000,
} as const;

export const INVITATIONS = {
  acceptedRedirectMs: 2000,
  defaultExpiryDays: 7,
} as const;

export const TOASTS = {
  durationMs: 4000,
  visibleToasts: 3,
  position: 'bottom-right',
  widthPx: 356,
  swipeThresholdPx: 50,
  hotkey: 'F8',
} as const;

export const TOOLTIP_DELAY_MS = 700;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;
export const WORKSPACE_DEFAULT_NAME = 'Enterprise Workspace';
export const DEFAULT_DEPARTMENT_LABEL = 'General';
export const TEAM_CHAT_HISTORY_LIMIT = 50;
export const AUDIT_FETCH_LIMIT = 100;
