import {
  type ApiErrorBody,
  ERROR_REASONS,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorReason,
  type ErrorReasonParams,
  type FixedErrorReason,
  findErrorReason,
  formatErrorReason,
  isFixedErrorReason,
} from '@lumen/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { isDatabaseUnavailable } from './db.ts';

/** What `AppError.of` takes after the reason: the message's values when it has placeholders, then the details. */
type ReasonArguments<Reason extends ErrorReason> = Reason extends FixedErrorReason
  ? [details?: unknown]
  : [params: ErrorReasonParams<Reason>, details?: unknown];

/**
 * The one error type services throw; its code decides the HTTP status. Errors a person can meet are thrown from the
 * catalogue, `AppError.of('SPACE_NAME_TAKEN')`, so they carry a stable `reason` the web app translates (ADR 0061).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly reason: ErrorReason | undefined;
  /** The values filled into the reason's message, so an error listed inside an answer can be translated too. */
  readonly params: Readonly<Record<string, string | number>> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    details?: unknown,
    reason?: ErrorReason,
    params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.reason = reason;
    this.params = params;
  }

  /** The catalogue's error: its code and English message (placeholders filled from `params`), and the reason. */
  static of<Reason extends ErrorReason>(reason: Reason, ...args: ReasonArguments<Reason>): AppError {
    const isFixed = isFixedErrorReason(reason);
    const params = isFixed ? undefined : (args[0] as ErrorReasonParams<Reason>);
    const details = isFixed ? args[0] : args[1];
    return new AppError(ERROR_REASONS[reason].code, formatErrorReason(reason, params), details, reason, params);
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * A failed validation: the first issue's message, and every issue in `details`. A zod schema carries only a message,
 * not a reason, so this is the one place where a reason is derived from a text: the first issue's message is looked
 * up in ERROR_REASONS (messages are unique there). A message outside the catalogue (zod's own defaults) has no reason.
 */
function validationFailed(message: string | undefined, issues: ReadonlyArray<{ path: string; message?: string }>) {
  return new AppError('VALIDATION_FAILED', message ?? 'The request is not valid', issues, findErrorReason(message));
}

export function validationError(error: ZodError): AppError {
  return validationFailed(
    error.issues[0]?.message,
    error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Fastify's own client errors, turned into our reasons with a message a person understands. */
const FASTIFY_CLIENT_ERRORS: Record<string, FixedErrorReason> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'CONTENT_TYPE_NOT_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_JSON_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_CONTENT_LENGTH',
};

function toIssues(validation: ReadonlyArray<{ instancePath: string; message?: string }>) {
  return validation.map((issue) => ({ path: issue.instancePath, message: issue.message }));
}

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath ? `${first.instancePath.replace(/^\//, '').replaceAll('/', '.')}: ` : '';
    const failed = validationFailed(first?.message, toIssues(error.validation));
    return new AppError(failed.code, `${where}${failed.message}`, failed.details, failed.reason);
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return AppError.of(known);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return AppError.of('INVALID_JSON_BODY');
  const status = fastifyError.statusCode;
  if (status === 429) return new AppError('RATE_LIMITED', error.message);
  if (status && status >= 400 && status < 500) {
    const code =
      (Object.keys(ERROR_STATUS) as ErrorCode[]).find((key) => ERROR_STATUS[key] === status) ?? 'BAD_REQUEST';
    return new AppError(code, error.message);
  }
  // The database being down is not a bug: the reader is told to try again, and it recovers when the server is back.
  if (isDatabaseUnavailable(error)) return AppError.of('DATABASE_UNAVAILABLE');
  return new AppError('INTERNAL', INTERNAL_MESSAGE);
}

/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER_SECONDS = 5;

/** One error shape for the whole API: `{ error: { code, message, reason?, details? } }`; 5xx never leak internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const appError = toAppError(error);
      if (appError.reason === 'DATABASE_UNAVAILABLE') {
        request.log.warn({ err: error }, 'request failed: the database is unavailable');
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      } else if (appError.statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
      }
      const body: ApiErrorBody['error'] = { code: appError.code, message: appError.message };
      // A 5xx carries a reason only when it is one of the catalogue's (a passing outage), never an internal error.
      if (appError.reason) body.reason = appError.reason;
      if (appError.params) body.params = appError.params;
      if (appError.details !== undefined && appError.statusCode < 500) body.details = appError.details;
      return reply.status(appError.statusCode).send({ error: body });
    });
  },
  { name: 'errors' },
);

export function sendApiNotFound(method: string, url: string) {
  const pathOnly = url.split('?')[0];
  return { error: { code: 'NOT_FOUND', message: `No API route for ${method} ${pathOnly}` } };
}

/**
 * Forms show the schema's own message ('Team name is required', 'Email is required'), so routes that
 * attach validation answer a failed body with that message alone, without the field prefix the global handler adds.
 */
export function rejectInvalidBody(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (hasZodFastifySchemaValidationErrors(error)) {
    throw validationFailed(error.validation[0]?.message, toIssues(error.validation));
  }
  throw error;
}
