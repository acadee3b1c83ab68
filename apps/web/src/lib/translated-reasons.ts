import { ERROR_REASONS, type ErrorReason } from '@lumen/contract';
import { toI18nextPlaceholders } from './i18n';

/**
 * The server's reasons the app has texts for in every language (`serverErrors` of locales/<language>.json). English
 * needs no file of its own: its text is the catalogue's message (`ERROR_REASONS`), which the app already carries, so
 * it is built here rather than shipped twice to every visitor of the landing page.
 */
export const TRANSLATED_REASONS = [
  'DATABASE_UNAVAILABLE',
  'EMAIL_REQUIRED',
  'EMAIL_INVALID',
  'PASSWORD_REQUIRED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'FIRST_NAME_REQUIRED',
  'LAST_NAME_REQUIRED',
  'NAME_TOO_LONG',
  'INVITE_CODE_INVALID',
  'RESET_TOKEN_REQUIRED',
  'TEAM_NAME_REQUIRED',
  'ONLY_ADMINS_ASSIGN_ROLES',
  'INVALID_ROLE',
  'DEPARTMENT_NAME_REQUIRED',
  'ALREADY_MEMBER',
  'INVITATION_NOT_FOUND',
  'INVITATION_ALREADY_ACCEPTED',
  'INVITATION_EXPIRED',
  'INVITATION_DIFFERENT_EMAIL',
  'ALREADY_IN_ANOTHER_TEAM',
  'FULL_NAME_REQUIRED',
  'CUSTOM_ROLE_REQUIRED',
  'CUSTOM_DEPARTMENT_REQUIRED',
  'SPACE_NOT_FOUND',
  'SPACE_NAME_TAKEN',
  'SPACE_NAME_REQUIRED',
  'SPACE_INVITATION_INVALID',
  'TITLE_REQUIRED',
  'ASSIGNEE_REQUIRED',
  'INVALID_DUE_DATE',
  'URL_REQUIRED',
  'URL_INVALID',
  'ASSETS_REQUIRED',
  'FILE_TOO_LARGE',
  'FILE_EMPTY',
  'FILE_TYPE_NOT_SUPPORTED',
  'FILE_CONTENT_NOT_SUPPORTED',
  'FILE_TEXT_MISNAMED',
  'FILE_CONTENT_NOT_CLAIMED',
  'FILE_CONTENT_MISMATCH',
  'INTEGRATION_REQUEST_PLATFORM_REQUIRED',
  'INTEGRATION_REQUEST_PLATFORM_TOO_LONG',
  'INTEGRATION_REQUEST_PURPOSE_REQUIRED',
  'INTEGRATION_REQUEST_PURPOSE_TOO_LONG',
  'INTEGRATION_REQUEST_URGENCY_INVALID',
  'INTEGRATION_REQUEST_STATUS_INVALID',
  'INTEGRATION_REQUEST_CURSOR_INVALID',
  'INTEGRATION_REQUEST_NOT_FOUND',
  'INTEGRATION_REQUESTS_ADMINS_ONLY',
  'INTEGRATION_REQUESTS_TOO_MANY_OPEN',
  'TEAM_MESSAGE_CONTENT_REQUIRED',
  'TEAM_MESSAGE_CONTENT_TOO_LONG',
  'TEAM_MESSAGE_CURSOR_INVALID',
  'TEAM_MESSAGE_NOT_FOUND',
  'TEAM_MESSAGE_NOT_YOURS',
  'TEAM_MESSAGE_CANNOT_DELETE',
  'TEAM_ROOM_ASSISTANT_BUSY',
  'AUDIT_ADMINS_ONLY',
  'AUDIT_RANGE_INVALID',
  'AUDIT_ACTION_INVALID',
  'AUDIT_SEVERITY_INVALID',
  'AUDIT_FORMAT_INVALID',
  'AUDIT_CURSOR_INVALID',
  'ANOMALY_ALERT_NOT_FOUND',
  'CLIENT_EVENT_BATCH_INVALID',
  'ANALYTICS_PERIOD_INVALID',
  'ANALYTICS_GOALS_ADMINS_ONLY',
  'ANALYTICS_DOCUMENTS_GOAL_INVALID',
  'ANALYTICS_PERCENT_GOAL_INVALID',
  'TEXT_NOT_ALLOWED',
  'CURSOR_INVALID',
  'SIGN_IN_LOCKED',
  'CHAT_REQUEST_TOO_LARGE',
  'STORAGE_FULL',
  'CANNOT_LEAVE_SPACE',
  'SPACE_MEMBER_NOT_FOUND',
] as const satisfies readonly ErrorReason[];
export type TranslatedReason = (typeof TRANSLATED_REASONS)[number];

/** English texts that say it shorter than the catalogue. */
const ENGLISH_OVERRIDES: Partial<Record<TranslatedReason, string>> = { INVALID_DUE_DATE: 'Please enter a valid date' };

let englishTexts: Record<TranslatedReason, string> | null = null;

/** The English `serverErrors`: each reason's catalogue message, its `{{placeholder}}`s as i18next writes them. */
export function englishServerErrors(): Record<TranslatedReason, string> {
  englishTexts ??= Object.fromEntries(
    TRANSLATED_REASONS.map((reason) => [
      reason,
      ENGLISH_OVERRIDES[reason] ?? toI18nextPlaceholders(ERROR_REASONS[reason].message),
    ]),
  ) as Record<TranslatedReason, string>;
  return englishTexts;
}
