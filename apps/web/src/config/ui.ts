/**
 * The web app's own settings from the spec (spec 000 section 9, spec 001 section 9): sizes, timings and counts that
 * only the screens use. The rules the server shares (limits, roles, messages) stay in @lumen/contract.
 */

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

export const TOASTS = {
  durationMs: 4000,
  visibleToasts: 3,
  position: 'bottom-right',
  widthPx: 356,
  swipeThresholdPx: 50,
  hotkey: 'F8',
} as const;

export const AUTH_TIMINGS = {
  /** Sign-out navigates to /auth about this long after the toast. */
  signOutRedirectMs: 300,
} as const;

export const INVITATION_TIMINGS = {
  /** After accepting an invitation, the page goes on to the workspace this long after saying so. */
  acceptedRedirectMs: 2000,
} as const;

export const TOOLTIP_DELAY_MS = 700;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;

/** The ids the skip links move focus to: each screen's `<main>`, and on the chat the message composer. */
export const SKIP_TARGETS = {
  main: 'main-content',
  composer: 'chat-composer',
} as const;
