import type { ErrorReason } from '@lumen/contract';
import { vi } from 'vitest';

/** A recorded request; `search` is its query string ('' or '?a=b'), which the route key does not include. */
export type StubRequest = { method: string; path: string; search: string; body: unknown };
export type StubReply = Response | ((request: StubRequest) => Response | Promise<Response>);
/** The stubbed endpoints, keyed 'METHOD /path'. */
export type StubRoutes = Record<string, StubReply>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Our error body; `reason` as the server sends it for the catalogue's errors (ERROR_REASONS). */
export function apiErrorResponse(status: number, code: string, message: string, reason?: ErrorReason): Response {
  return jsonResponse({ error: reason ? { code, message, reason } : { code, message } }, status);
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replaces global fetch (the HTTP boundary) with handlers keyed 'METHOD /path'. Unknown requests fail the way a
 * server would (501), and every request is recorded.
 */
export function stubFetch(routes: StubRoutes) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const request: StubRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: parseBody(init?.body),
    };
    requests.push(request);
    const reply = routes[`${request.method} ${request.path}`];
    if (!reply) return apiErrorResponse(501, 'NOT_STUBBED', `No stub for ${request.method} ${request.path}`);
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  const findRequests = (method: string, path: string) =>
    requests.filter((request) => request.method === method && request.path === path);
  return { fetchMock, requests, findRequests };
}
