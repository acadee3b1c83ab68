import type { TFunction } from 'i18next';

/** POST /api/chat answered with a non-2xx status; `detail` is the server's error.message (may be empty). */
export class ChatHttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly detail: string;

  constructor(status: number, statusText: string, detail: string) {
    super(`${status} ${statusText}. ${detail}`.trim());
    this.name = 'ChatHttpError';
    this.status = status;
    this.statusText = statusText;
    this.detail = detail;
  }
}

/** The answer (or the error body) could not be read: not JSON, or not a valid UI message stream. */
export class ChatParseError extends Error {
  constructor(cause?: unknown) {
    super('Failed to parse AI agent response', { cause });
    this.name = 'ChatParseError';
  }
}

/** A JSON answer without a string `response` field (the /api/ask shape). */
export class ChatMissingResponseError extends Error {
  constructor() {
    super('AI Agent response is missing the response field');
    this.name = 'ChatMissingResponseError';
  }
}

/** The request never reached the server (fetch rejected with a TypeError). */
export class ChatNetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error', { cause });
    this.name = 'ChatNetworkError';
  }
}

/** The stream carried an error part: the agent or its model failed; `message` is the server's text. */
export class ChatStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

/** The reply finished without any text. */
export class ChatEmptyReplyError extends Error {
  constructor() {
    super('Empty reply');
    this.name = 'ChatEmptyReplyError';
  }
}

/** The AI SDK's own parse failures (a stream chunk that is not JSON, or not a UI message chunk). */
function isStreamParseError(error: Error): boolean {
  return error.name === 'AI_JSONParseError' || error.name === 'AI_TypeValidationError';
}

function isNetworkTypeError(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** The message of anything thrown (a DOMException from another realm is not an `Error` instance). */
function readMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}

/**
 * The text shown in the chat and in the bar under the composer for a failed request
 * (docs/product-rules.md#chat-errors).
 */
export function describeChatError(t: TFunction, error: unknown): string {
  if (error instanceof ChatHttpError) {
    return t('chat.errors.requestFailed', {
      status: error.status,
      statusText: error.statusText,
      detail: error.detail,
    }).trim();
  }
  if (error instanceof ChatParseError) return t('chat.errors.invalidJson');
  if (error instanceof ChatMissingResponseError) return t('chat.errors.missingResponse');
  if (error instanceof ChatNetworkError || isNetworkTypeError(error)) return t('chat.errors.networkError');
  if (error instanceof ChatStreamError) return t('chat.errors.agentError', { message: error.message });
  if (error instanceof ChatEmptyReplyError) return t('chat.errors.emptyReply');
  if (error instanceof Error && isStreamParseError(error)) return t('chat.errors.invalidJson');
  return t('chat.errors.connectionError', { message: readMessage(error) });
}

/**
 * What went wrong in the server's or the browser's own words (the server's error message, the model's error), else
 * the chat's description; without a final period, for a chat that frames failures its own way (the space chat's
 * 'Connection Error: …. Please check…').
 */
export function describeChatErrorReason(t: TFunction, error: unknown): string {
  const reason = (() => {
    if (error instanceof ChatHttpError) return error.detail || `${error.status} ${error.statusText}`;
    if (error instanceof ChatStreamError) return error.message;
    return describeChatError(t, error);
  })();
  return reason.trim().replace(/\.+$/, '');
}
