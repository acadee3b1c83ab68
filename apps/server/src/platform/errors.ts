import { ERROR_STATUS, type ErrorCode } from '@lumen/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';

/** The one error type services throw; its code decides the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function validationError(error: ZodError): AppError {
  const first = error.issues[0];
  return new AppError(
    'VALIDATION_FAILED',
    first?.message ?? 'The request is not valid',
    error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Fastify's own client errors, turned into our codes with a message a person understands. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not supported. Send JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty but JSON was declared.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header is wrong.' },
};

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath ? `${first.instancePath.replace(/^\//, '').replaceAll('/', '.')}: ` : '';
    return new AppError(
      'VALIDATION_FAILED',
      `${where}${first?.message ?? 'The request is not valid'}`,
      error.validation.map((issue) => ({ path: issue.instancePath, message: issue.message })),
    );
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('INVALID_JSON', 'The request body is not valid JSON.');
  }
  const status = fastifyError.statusCode;
  if (status === 429) return new AppError('RATE_LIMITED', error.message);
  if (status && status >= 400 && status < 500) {
    const code =
      (Object.keys(ERROR_STATUS) as ErrorCode[]).find((key) => ERROR_STATUS[key] === status) ?? 'BAD_REQUEST';
    return new AppError(code, error.message);
  }
  return new AppError('INTERNAL', INTERNAL_MESSAGE);
}

/** One error shape for the whole API: `{ error: { code, message, details? } }`; 5xx never leak internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const appError = toAppError(error);
      if (appError.statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
      }
      const body: { code: string; message: string; details?: unknown } = {
        code: appError.code,
        message: appError.message,
      };
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
    const issues = error.validation.map((issue: { instancePath: string; message?: string }) => ({
      path: issue.instancePath,
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'The request is not valid', issues);
  }
  throw error;
}
