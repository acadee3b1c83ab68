import { type ErrorReason, isErrorReason } from './error-reasons.ts';

/** Error codes the API returns in `{ error: { code, message, reason?, details? } }`, with their HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Something that existed but no longer can be used (an expired invitation). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PROVIDER_NOT_ENABLED: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The AI model or provider failed (the assistant's /api/ask). */
  AI_PROVIDER_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  /** The server's storage is full (a disk or bucket refusing writes). */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Why, from ERROR_REASONS (ADR 0061); absent for errors outside the catalogue (5xx, Better Auth's own). */
    reason?: ErrorReason;
    /** The values filled into the reason's message (`{seconds}`), so the web app can translate it whole. */
    params?: Readonly<Record<string, string | number>>;
    details?: unknown;
  };
}

/**
 * An error body of the API. A `reason` this build does not know (a newer server behind an open tab) does not make
 * the body unreadable: read it with `readApiErrorBody`, which leaves such a reason out.
 */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, reason } = error as { code?: unknown; message?: unknown; reason?: unknown };
  return typeof message === 'string' && typeof code === 'string' && (reason === undefined || isErrorReason(reason));
}

/** The API error body of a response, or undefined; a reason this build does not know is left out. */
export function readApiErrorBody(value: unknown): ApiErrorBody | undefined {
  if (isApiErrorBody(value)) return value;
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const error = (value as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { reason: _unknownReason, ...known } = error as Record<string, unknown>;
  const body = { error: known };
  return isApiErrorBody(body) ? body : undefined;
}
