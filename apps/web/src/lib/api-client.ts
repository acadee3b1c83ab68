import { type ErrorReason, readApiErrorBody } from '@lumen/contract';

export const API_BASE_PATH = '/api';
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const HTTP_ERROR_CODE = 'HTTP_ERROR';

type ApiErrorOptions = {
  status: number;
  code: string;
  /** The server's own message, when the response carried one. */
  serverMessage?: string | undefined;
  /** Why it failed, from the contract's ERROR_REASONS; the web app translates by it (lib/server-error-text.ts). */
  reason?: ErrorReason | undefined;
  /** The values of the reason's placeholders (`{seconds}`), so its translation is whole. */
  params?: Readonly<Record<string, string | number>> | undefined;
  details?: unknown;
  cause?: unknown;
};

/** A failed API call: a non-2xx response (`status` > 0) or no response at all (`status` 0, code NETWORK_ERROR). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serverMessage: string | undefined;
  readonly reason: ErrorReason | undefined;
  readonly params: Readonly<Record<string, string | number>> | undefined;
  readonly details: unknown;

  constructor({ status, code, serverMessage, reason, params, details, cause }: ApiErrorOptions) {
    super(serverMessage || describeStatus(status), { cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage || undefined;
    this.reason = reason;
    this.params = params;
    this.details = details;
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether a request failed for this reason of the contract's ERROR_REASONS. */
export function hasErrorReason(error: unknown, reason: ErrorReason): boolean {
  return isApiError(error) && error.reason === reason;
}

/** Whether a request failed because the user has no team yet: team-scoped routes answer 404 with reason NO_TEAM. */
export function isNoTeamError(error: unknown): boolean {
  return hasErrorReason(error, 'NO_TEAM');
}

/**
 * The ApiError of a failed response from its parsed body: code, message, reason and details when it is our error body
 * (a reason this build does not know yet is left out), else HTTP_ERROR.
 */
export function apiErrorFromBody(status: number, data: unknown, cause?: unknown): ApiError {
  const body = readApiErrorBody(data);
  if (!body) return new ApiError({ status, code: HTTP_ERROR_CODE, cause });
  const { code, message, reason, details } = body.error;
  const params = isReasonParams(body.error.params) ? body.error.params : undefined;
  return new ApiError({ status, code, serverMessage: message, reason, params, details, cause });
}

/** Placeholder values as the server sends them: a flat object of texts and numbers, nothing else. */
function isReasonParams(value: unknown): value is Readonly<Record<string, string | number>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number');
}

function describeStatus(status: number): string {
  return status === 0
    ? 'Network error: unable to reach the server. Check your connection and try again.'
    : `Request failed with status ${status}`;
}

type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal | undefined;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A file the API sends (an export): its bytes and the Content-Disposition naming it; API errors as for JSON calls. */
export async function getFile(path: string): Promise<{ blob: Blob; contentDisposition: string | null }> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, cause: error });
  }
  if (!response.ok) throw apiErrorFromBody(response.status, await readBody(response));
  return { blob: await response.blob(), contentDisposition: response.headers.get('Content-Disposition') };
}

async function request<T>(method: string, path: string, { body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, cause: error });
  }

  const data = await readBody(response);
  if (!response.ok) throw apiErrorFromBody(response.status, data);
  return data as T;
}

/** JSON client for the same-origin API under /api. Callers validate or type the payloads they read. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
