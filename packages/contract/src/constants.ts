/**
 * The product's business constants (docs/product-rules.md#other-constants and #chat-numbers) that the server and the
 * web app share. The web app's own sizes, timings and storage keys live in apps/web/src/config.
 */
export const PRODUCT_NAME = 'Lumen';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const TEAM_CHAT_HISTORY_LIMIT = 50;
export const AUDIT_FETCH_LIMIT = 100;
