import { ANALYTICS_MESSAGES } from './analytics-messages.ts';
import { AUDIT_MESSAGES, CLIENT_EVENT_MESSAGES } from './audit-messages.ts';
import { AUTH_MESSAGES } from './auth.ts';
import type { ErrorCode } from './errors.ts';
import { INTEGRATION_REQUEST_MESSAGES } from './integration-requests.ts';
import { INTEGRATION_MESSAGES } from './integrations.ts';
import { CUSTOM_LABEL_MAX, FULL_NAME_MAX, INVITATION_MESSAGES } from './invitations.ts';
import { fillPlaceholders, type PlaceholdersOf } from './placeholders.ts';
import { SPACE_DESCRIPTION_MAX, SPACE_MESSAGES, SPACE_NAME_MAX } from './spaces.ts';
import { TEAM_CHAT_MESSAGES } from './team-chat-messages.ts';
import { DEPARTMENT_NAME_MAX, TEAM_MESSAGES, TEAM_NAME_MAX } from './teams.ts';
import { SHARED_FILE_URL_MAX, TASK_TITLE_MAX, WORK_ITEM_ERRORS, WORK_ITEM_MESSAGES } from './work-items.ts';

interface ErrorReasonEntry {
  readonly code: ErrorCode;
  /** The English text the server sends; `{name}` marks a value the server fills in (see `formatErrorReason`). */
  readonly message: string;
}

/**
 * Every error a person can meet, by a stable UPPER_SNAKE reason (ADR 0061). The server throws them with
 * `AppError.of(reason)` and sends the reason beside the code and the English message; the web app translates by the
 * reason (`serverErrors.<REASON>`), never by the text. A message appears once in this table, so a validation message
 * (zod only carries the text) leads back to one reason (`findErrorReason`). Texts come from the feature catalogues
 * where they have one; the others are written here. Client errors (4xx) are reasons; of the server's errors only
 * a passing outage the reader can wait out (503) has one, any other 5xx says only that something went wrong.
 */
export const ERROR_REASONS = {
  // ---- Requests, sessions and limits ----
  SIGN_IN_REQUIRED: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
  CROSS_SITE_REQUEST: { code: 'FORBIDDEN', message: 'This request came from another site and was refused.' },
  BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  CONTENT_TYPE_NOT_JSON: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not supported. Send JSON.' },
  EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty but JSON was declared.' },
  INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header is wrong.' },
  BODY_NOT_OBJECT: { code: 'BAD_REQUEST', message: 'The request body must be a JSON object.' },
  DATABASE_UNAVAILABLE: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'Lumen cannot reach its database right now. Please try again in a moment.',
  },
  TOO_MANY_ATTEMPTS: {
    code: 'RATE_LIMITED',
    message: 'Too many attempts. Please wait {seconds} seconds and try again.',
  },
  TEXT_NOT_ALLOWED: {
    code: 'VALIDATION_FAILED',
    message: '{field} contains a character that cannot be stored (a null character or a broken Unicode sequence).',
  },
  JSON_TOO_DEEP: { code: 'BAD_REQUEST', message: 'The request body is nested too deeply.' },
  CURSOR_INVALID: {
    code: 'VALIDATION_FAILED',
    message: 'This page link is not valid any more. Start again from the first page.',
  },
  SIGN_IN_LOCKED: {
    code: 'RATE_LIMITED',
    message:
      'Too many failed sign-ins for this address. Please wait {minutes} minutes or reset your password, then try again.',
  },
  CHAT_REQUEST_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'This message is too large to send. Keep it under {kilobytes} KB and {parts} parts.',
  },
  STORAGE_FULL: {
    code: 'INSUFFICIENT_STORAGE',
    message: 'Lumen has run out of storage space, so the file was not saved. Please tell your administrator.',
  },

  // ---- Sign-up, sign-in and password reset (AUTH_MESSAGES) ----
  EMAIL_REQUIRED: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.emailRequired },
  EMAIL_INVALID: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.emailInvalid },
  PASSWORD_REQUIRED: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.passwordRequired },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.passwordTooShort },
  PASSWORD_TOO_LONG: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.passwordTooLong },
  FIRST_NAME_REQUIRED: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.firstNameRequired },
  LAST_NAME_REQUIRED: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.lastNameRequired },
  NAME_TOO_LONG: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.nameTooLong },
  INVITE_CODE_INVALID: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.inviteCodeInvalid },
  RESET_TOKEN_REQUIRED: { code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.tokenRequired },
  ACCOUNT_EXISTS: { code: 'CONFLICT', message: 'An account with this email already exists. Sign in instead.' },
  GOOGLE_NOT_ENABLED: {
    code: 'PROVIDER_NOT_ENABLED',
    message:
      'Unsupported provider: Google sign-in is not enabled on this server (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
  },

  // ---- Teams, members and departments ----
  NO_TEAM: { code: 'NOT_FOUND', message: TEAM_MESSAGES.noTeam },
  MANAGERS_ONLY: { code: 'FORBIDDEN', message: 'Access Denied: Only admins and team leads can manage the team' },
  ALREADY_IN_TEAM: { code: 'CONFLICT', message: 'You already belong to a team. Leave it before creating a new one.' },
  TEAM_NAME_REQUIRED: { code: 'VALIDATION_FAILED', message: TEAM_MESSAGES.nameRequired },
  TEAM_NAME_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: `Team name must be at most ${TEAM_NAME_MAX} characters`,
  },
  DESCRIPTION_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: `Description must be at most ${SPACE_DESCRIPTION_MAX} characters`,
  },
  MEMBER_NOT_FOUND: { code: 'NOT_FOUND', message: WORK_ITEM_ERRORS.memberNotFound },
  ONLY_ADMINS_ASSIGN_ROLES: { code: 'FORBIDDEN', message: TEAM_MESSAGES.onlyAdminsAssignRoles },
  INVALID_ROLE: { code: 'VALIDATION_FAILED', message: TEAM_MESSAGES.invalidRole },
  ROLE_ABOVE_OWN: { code: 'FORBIDDEN', message: 'You cannot grant a role above your own' },
  LAST_ADMIN_DEMOTION: {
    code: 'CONFLICT',
    message: 'The last admin cannot be demoted. Make another member admin first.',
  },
  LAST_ADMIN_REMOVAL: { code: 'CONFLICT', message: 'The last admin cannot be removed' },
  ADMIN_REMOVAL: { code: 'FORBIDDEN', message: 'An admin cannot be removed. Change their role first.' },
  CANNOT_REMOVE_SELF: { code: 'BAD_REQUEST', message: 'You cannot remove yourself from the team' },
  DEPARTMENT_NOT_FOUND: { code: 'NOT_FOUND', message: 'Department not found' },
  DEPARTMENT_NAME_TAKEN: { code: 'CONFLICT', message: 'A department with this name already exists' },
  DEPARTMENT_NAME_REQUIRED: { code: 'VALIDATION_FAILED', message: 'Department name is required' },
  DEPARTMENT_NAME_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: `Department name must be at most ${DEPARTMENT_NAME_MAX} characters`,
  },
  TEAM_SEARCH_REQUIRED: { code: 'VALIDATION_FAILED', message: 'Type something to search' },
  TEAM_SEARCH_TOO_LONG: { code: 'VALIDATION_FAILED', message: 'The search is too long' },
  ACTIVITY_CURSOR_INVALID: { code: 'BAD_REQUEST', message: 'The cursor is not valid' },

  // ---- Invitations (INVITATION_MESSAGES) ----
  INVITE_ROLE_ABOVE_OWN: { code: 'FORBIDDEN', message: 'You cannot invite someone with a role above your own' },
  ALREADY_MEMBER: { code: 'CONFLICT', message: INVITATION_MESSAGES.alreadyMember },
  INVITATION_NOT_FOUND: { code: 'NOT_FOUND', message: INVITATION_MESSAGES.notFound },
  INVITATION_ALREADY_ACCEPTED: { code: 'CONFLICT', message: INVITATION_MESSAGES.alreadyAccepted },
  INVITATION_EXPIRED: { code: 'GONE', message: INVITATION_MESSAGES.expired },
  INVITATION_DIFFERENT_EMAIL: { code: 'FORBIDDEN', message: INVITATION_MESSAGES.differentEmail },
  ALREADY_IN_ANOTHER_TEAM: { code: 'CONFLICT', message: INVITATION_MESSAGES.alreadyInAnotherTeam },
  TOO_MANY_INVITATIONS: {
    code: 'RATE_LIMITED',
    message: 'You have sent too many invitations. Please wait {minutes} minutes and try again.',
  },
  FULL_NAME_REQUIRED: { code: 'VALIDATION_FAILED', message: INVITATION_MESSAGES.fullNameRequired },
  FULL_NAME_TOO_LONG: { code: 'VALIDATION_FAILED', message: `Full name must be at most ${FULL_NAME_MAX} characters` },
  CUSTOM_ROLE_REQUIRED: { code: 'VALIDATION_FAILED', message: INVITATION_MESSAGES.customRoleRequired },
  CUSTOM_ROLE_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: `Custom role must be at most ${CUSTOM_LABEL_MAX} characters`,
  },
  CUSTOM_DEPARTMENT_REQUIRED: { code: 'VALIDATION_FAILED', message: INVITATION_MESSAGES.customDepartmentRequired },
  CUSTOM_DEPARTMENT_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: `Custom department must be at most ${CUSTOM_LABEL_MAX} characters`,
  },

  // ---- Spaces and their files (SPACE_MESSAGES) ----
  SPACE_NOT_FOUND: { code: 'NOT_FOUND', message: SPACE_MESSAGES.notFound },
  SPACE_NAME_TAKEN: { code: 'CONFLICT', message: SPACE_MESSAGES.nameTaken },
  SPACE_NAME_REQUIRED: { code: 'VALIDATION_FAILED', message: SPACE_MESSAGES.nameRequired },
  SPACE_NAME_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: `Space name must be at most ${SPACE_NAME_MAX} characters`,
  },
  SPACE_NAME_NEEDS_LETTER: { code: 'VALIDATION_FAILED', message: 'Space name needs at least one letter or digit' },
  SPACE_MEMBER_REQUIRED: { code: 'VALIDATION_FAILED', message: 'Choose a team member' },
  SPACE_MEMBER_NOT_FOUND: { code: 'NOT_FOUND', message: 'Space member not found' },
  CANNOT_LEAVE_SPACE: { code: 'BAD_REQUEST', message: 'You cannot remove yourself from the space' },
  SPACE_INVITATION_INVALID: { code: 'NOT_FOUND', message: SPACE_MESSAGES.acceptFailed },
  NO_UPLOAD_PERMISSION: { code: 'FORBIDDEN', message: `Access Denied: ${SPACE_MESSAGES.noUploadPermission}` },
  NO_EDIT_PERMISSION: { code: 'FORBIDDEN', message: `Access Denied: ${SPACE_MESSAGES.noEditPermission}` },
  NO_DELETE_PERMISSION: { code: 'FORBIDDEN', message: `Access Denied: ${SPACE_MESSAGES.noDeletePermission}` },
  SPACE_FILE_NOT_FOUND: { code: 'NOT_FOUND', message: 'File not found' },
  FILE_NAME_TOO_LONG: { code: 'VALIDATION_FAILED', message: 'The file name is too long' },

  // ---- Tasks and shared files (WORK_ITEM_ERRORS, WORK_ITEM_MESSAGES) ----
  WORK_ITEM_MANAGERS_ONLY: { code: 'FORBIDDEN', message: WORK_ITEM_ERRORS.managersOnly },
  TASK_NOT_FOUND: { code: 'NOT_FOUND', message: WORK_ITEM_ERRORS.taskNotFound },
  TASK_UPDATE_FORBIDDEN: { code: 'FORBIDDEN', message: WORK_ITEM_ERRORS.taskUpdateForbidden },
  SHARED_FILE_NOT_FOUND: { code: 'NOT_FOUND', message: WORK_ITEM_ERRORS.sharedFileNotFound },
  SHARED_FILE_DELETE_FORBIDDEN: { code: 'FORBIDDEN', message: WORK_ITEM_ERRORS.sharedFileDeleteForbidden },
  TITLE_REQUIRED: { code: 'VALIDATION_FAILED', message: WORK_ITEM_MESSAGES.titleRequired },
  TITLE_TOO_LONG: { code: 'VALIDATION_FAILED', message: `Title must be at most ${TASK_TITLE_MAX} characters` },
  ASSIGNEE_REQUIRED: { code: 'VALIDATION_FAILED', message: WORK_ITEM_ERRORS.assigneeRequired },
  INVALID_PRIORITY: { code: 'VALIDATION_FAILED', message: WORK_ITEM_ERRORS.invalidPriority },
  INVALID_STATUS: { code: 'VALIDATION_FAILED', message: WORK_ITEM_ERRORS.invalidStatus },
  INVALID_DUE_DATE: { code: 'VALIDATION_FAILED', message: WORK_ITEM_ERRORS.invalidDueDate },
  TASK_FILTER_INVALID: { code: 'VALIDATION_FAILED', message: "assignedTo must be 'me' or 'all'" },
  URL_REQUIRED: { code: 'VALIDATION_FAILED', message: WORK_ITEM_MESSAGES.urlRequired },
  URL_INVALID: { code: 'VALIDATION_FAILED', message: WORK_ITEM_ERRORS.urlInvalid },
  URL_TOO_LONG: { code: 'VALIDATION_FAILED', message: `URL must be at most ${SHARED_FILE_URL_MAX} characters` },
  INVALID_PLATFORM: { code: 'VALIDATION_FAILED', message: WORK_ITEM_ERRORS.invalidPlatform },
  MEMBER_OR_SPACE: { code: 'VALIDATION_FAILED', message: WORK_ITEM_ERRORS.memberOrSpace },
  SHARED_FILE_SCOPE_INVALID: { code: 'VALIDATION_FAILED', message: "scope must be 'mine' or 'all'" },

  // ---- Uploads and documents ----
  MULTIPART_REQUIRED: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the files as multipart/form-data.' },
  NO_FILES: { code: 'BAD_REQUEST', message: 'Choose at least one file to upload.' },
  TOO_MANY_FILES: { code: 'PAYLOAD_TOO_LARGE', message: 'You can upload at most {max} files at once.' },
  UPLOAD_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'A file is larger than the {maxMb} MB limit.' },
  UPLOAD_UNREADABLE: { code: 'BAD_REQUEST', message: 'The upload could not be read. Please try again.' },
  UPLOAD_BROKE_OFF: { code: 'BAD_REQUEST', message: 'The upload of "{filename}" broke off. Please try again.' },
  FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'File "{filename}" is larger than the {maxMb} MB limit.' },
  FILE_EMPTY: { code: 'BAD_REQUEST', message: 'File "{filename}" is empty.' },
  FILE_TYPE_NOT_SUPPORTED: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'File "{filename}" is not a supported type. You can upload {supported} files.',
  },
  FILE_CONTENT_NOT_SUPPORTED: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'File "{filename}" is not a supported type (its content is {content}). You can upload {supported} files.',
  },
  FILE_TEXT_MISNAMED: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'File "{filename}" is named .{extension} but its content is plain text, not a {claimed}.',
  },
  FILE_CONTENT_NOT_CLAIMED: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'File "{filename}" is named .{extension} but its content is not a {claimed}.',
  },
  FILE_CONTENT_MISMATCH: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'File "{filename}" is named .{extension} but its content is a {actual}, not a {claimed}.',
  },
  STORED_FILE_NOT_FOUND: { code: 'NOT_FOUND', message: 'The stored file was not found.' },
  DOCUMENT_NOT_FOUND: { code: 'NOT_FOUND', message: 'Document not found.' },
  DOCUMENT_ID_INVALID: { code: 'VALIDATION_FAILED', message: 'The document id must be a UUID' },
  DOCUMENT_CURSOR_INVALID: { code: 'VALIDATION_FAILED', message: 'cursor: This is not a cursor this list returned.' },
  ASSETS_REQUIRED: { code: 'VALIDATION_FAILED', message: 'Please select assets to process' },
  TOO_MANY_ASSETS: { code: 'VALIDATION_FAILED', message: 'Select at most 100 assets at once' },
  ASSETS_NOT_FOUND: { code: 'NOT_FOUND', message: 'None of the selected assets could be found.' },
  SEARCH_QUERY_REQUIRED: { code: 'VALIDATION_FAILED', message: 'Type something to search for' },
  SEARCH_SOURCE_INVALID: {
    code: 'VALIDATION_FAILED',
    message: 'source must be one of the platforms documents come from',
  },

  // ---- Integrations (INTEGRATION_MESSAGES) ----
  INTEGRATION_PROVIDER_UNKNOWN: { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.unknownProvider },
  INTEGRATION_NOT_CONNECTED: { code: 'NOT_FOUND', message: INTEGRATION_MESSAGES.notConnected },
  INTEGRATION_NEEDS_RECONNECT: { code: 'CONFLICT', message: INTEGRATION_MESSAGES.needsReconnect },

  // ---- Integration requests (INTEGRATION_REQUEST_MESSAGES) ----
  INTEGRATION_REQUEST_PLATFORM_REQUIRED: {
    code: 'VALIDATION_FAILED',
    message: INTEGRATION_REQUEST_MESSAGES.platformRequired,
  },
  INTEGRATION_REQUEST_PLATFORM_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: INTEGRATION_REQUEST_MESSAGES.platformTooLong,
  },
  INTEGRATION_REQUEST_PURPOSE_REQUIRED: {
    code: 'VALIDATION_FAILED',
    message: INTEGRATION_REQUEST_MESSAGES.purposeRequired,
  },
  INTEGRATION_REQUEST_PURPOSE_TOO_LONG: {
    code: 'VALIDATION_FAILED',
    message: INTEGRATION_REQUEST_MESSAGES.purposeTooLong,
  },
  INTEGRATION_REQUEST_URGENCY_INVALID: {
    code: 'VALIDATION_FAILED',
    message: INTEGRATION_REQUEST_MESSAGES.urgencyInvalid,
  },
  INTEGRATION_REQUEST_STATUS_INVALID: {
    code: 'VALIDATION_FAILED',
    message: INTEGRATION_REQUEST_MESSAGES.statusInvalid,
  },
  INTEGRATION_REQUEST_CURSOR_INVALID: {
    code: 'VALIDATION_FAILED',
    message: INTEGRATION_REQUEST_MESSAGES.cursorInvalid,
  },
  INTEGRATION_REQUEST_NOT_FOUND: { code: 'NOT_FOUND', message: INTEGRATION_REQUEST_MESSAGES.notFound },
  INTEGRATION_REQUESTS_ADMINS_ONLY: { code: 'FORBIDDEN', message: INTEGRATION_REQUEST_MESSAGES.adminsOnly },
  INTEGRATION_REQUESTS_TOO_MANY_OPEN: { code: 'CONFLICT', message: INTEGRATION_REQUEST_MESSAGES.tooManyOpen },

  // ---- Audit ----
  AUDIT_ADMINS_ONLY: { code: 'FORBIDDEN', message: AUDIT_MESSAGES.accessDenied },
  AUDIT_RANGE_INVALID: { code: 'VALIDATION_FAILED', message: AUDIT_MESSAGES.rangeInvalid },
  AUDIT_ACTION_INVALID: { code: 'VALIDATION_FAILED', message: AUDIT_MESSAGES.actionInvalid },
  AUDIT_SEVERITY_INVALID: { code: 'VALIDATION_FAILED', message: AUDIT_MESSAGES.severityInvalid },
  AUDIT_FORMAT_INVALID: { code: 'VALIDATION_FAILED', message: AUDIT_MESSAGES.formatInvalid },
  AUDIT_CURSOR_INVALID: { code: 'VALIDATION_FAILED', message: AUDIT_MESSAGES.cursorInvalid },
  ANOMALY_ALERT_NOT_FOUND: { code: 'NOT_FOUND', message: AUDIT_MESSAGES.alertNotFound },
  CLIENT_EVENT_BATCH_INVALID: { code: 'VALIDATION_FAILED', message: CLIENT_EVENT_MESSAGES.batchInvalid },

  // ---- Analytics ----
  ANALYTICS_PERIOD_INVALID: { code: 'VALIDATION_FAILED', message: ANALYTICS_MESSAGES.periodInvalid },
  ANALYTICS_GOALS_ADMINS_ONLY: { code: 'FORBIDDEN', message: ANALYTICS_MESSAGES.goalsAdminsOnly },
  ANALYTICS_DOCUMENTS_GOAL_INVALID: { code: 'VALIDATION_FAILED', message: ANALYTICS_MESSAGES.documentsGoalInvalid },
  ANALYTICS_PERCENT_GOAL_INVALID: { code: 'VALIDATION_FAILED', message: ANALYTICS_MESSAGES.percentGoalInvalid },

  // ---- Team chat ----
  TEAM_MESSAGE_CONTENT_REQUIRED: { code: 'VALIDATION_FAILED', message: TEAM_CHAT_MESSAGES.contentRequired },
  TEAM_MESSAGE_CONTENT_TOO_LONG: { code: 'VALIDATION_FAILED', message: TEAM_CHAT_MESSAGES.contentTooLong },
  TEAM_MESSAGE_CURSOR_INVALID: { code: 'VALIDATION_FAILED', message: TEAM_CHAT_MESSAGES.cursorInvalid },
  TEAM_MESSAGE_NOT_FOUND: { code: 'NOT_FOUND', message: TEAM_CHAT_MESSAGES.notFound },
  TEAM_MESSAGE_NOT_YOURS: { code: 'FORBIDDEN', message: TEAM_CHAT_MESSAGES.notYours },
  TEAM_MESSAGE_CANNOT_DELETE: { code: 'FORBIDDEN', message: TEAM_CHAT_MESSAGES.cannotDelete },
  TEAM_ROOM_ASSISTANT_BUSY: { code: 'RATE_LIMITED', message: TEAM_CHAT_MESSAGES.assistantBusy },

  // ---- The assistant and conversations ----
  CONVERSATION_NOT_FOUND: { code: 'NOT_FOUND', message: 'Conversation not found.' },
  CONVERSATION_ID_INVALID: { code: 'VALIDATION_FAILED', message: 'id must be a conversation id (a UUID)' },
  SPACE_ID_INVALID: { code: 'VALIDATION_FAILED', message: 'spaceId must be a space id (a UUID)' },
  CHAT_PLATFORM_INVALID: {
    code: 'VALIDATION_FAILED',
    message: 'platform must be one of the platforms documents come from',
  },
  QUERY_REQUIRED: { code: 'VALIDATION_FAILED', message: 'query is required' },
  QUERY_TOO_LONG: { code: 'VALIDATION_FAILED', message: 'query is too long' },
  MESSAGE_EMPTY: { code: 'VALIDATION_FAILED', message: 'Type a message to send.' },
  MESSAGE_NO_CONTENT: { code: 'VALIDATION_FAILED', message: 'The message has no content' },
  MESSAGE_ID_IN_USE: { code: 'CONFLICT', message: 'This message id is already in use. Send the message again.' },
  CONFIRM_LAST_MESSAGE_ONLY: {
    code: 'VALIDATION_FAILED',
    message: 'Only the last assistant message can be confirmed.',
  },
  NOTHING_TO_CONFIRM: { code: 'VALIDATION_FAILED', message: 'There is nothing to confirm in this message.' },
  MESSAGES_TOO_FAST: {
    code: 'RATE_LIMITED',
    message: 'You are sending messages too quickly. Please wait {seconds} seconds and try again.',
  },
} as const satisfies Record<string, ErrorReasonEntry>;

export type ErrorReason = keyof typeof ERROR_REASONS;

type PlaceholdersOfReason<Reason extends ErrorReason> = PlaceholdersOf<(typeof ERROR_REASONS)[Reason]['message']>;

/** The values a reason's message needs (`{}` for a fixed text). */
export type ErrorReasonParams<Reason extends ErrorReason> = {
  readonly [Name in PlaceholdersOfReason<Reason>]: string | number;
};

/** Reasons whose message has no placeholders. */
export type FixedErrorReason = {
  [Reason in ErrorReason]: [PlaceholdersOfReason<Reason>] extends [never] ? Reason : never;
}[ErrorReason];

export const ERROR_REASON_NAMES = Object.keys(ERROR_REASONS) as ErrorReason[];

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && Object.hasOwn(ERROR_REASONS, value);
}

/** The English message of a reason, its placeholders filled in. */
export function formatErrorReason<Reason extends ErrorReason>(
  reason: Reason,
  params?: ErrorReasonParams<Reason>,
): string {
  const template: string = ERROR_REASONS[reason].message;
  if (!params) return template;
  return fillPlaceholders(template, params);
}

export function isFixedErrorReason(reason: ErrorReason): reason is FixedErrorReason {
  return !/\{\w+\}/.test(ERROR_REASONS[reason].message);
}

const REASON_BY_MESSAGE: ReadonlyMap<string, FixedErrorReason> = new Map(
  ERROR_REASON_NAMES.filter(isFixedErrorReason).map((reason) => [ERROR_REASONS[reason].message, reason]),
);

/**
 * The reason of a fixed message. Only for texts that arrive without one: a zod issue carries only its message (the
 * server's validation errors, and the web app's own form checks). Anything else keeps the reason it was thrown with.
 */
export function findErrorReason(message: string | undefined): FixedErrorReason | undefined {
  return message === undefined ? undefined : REASON_BY_MESSAGE.get(message);
}
