import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { ApiError, api, isApiError } from './api-client';

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const { fetchMock } = stubFetch({ 'POST /api/things': jsonResponse({ id: 1 }) });

    await expect(api.post('/things', { name: 'a' })).resolves.toEqual({ id: 1 });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"a"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('returns null for an empty body', async () => {
    stubFetch({ 'GET /api/empty': new Response(null, { status: 204 }) });
    await expect(api.get('/empty')).resolves.toBeNull();
  });

  it('turns an error body into an ApiError with status, code and message', async () => {
    stubFetch({ 'POST /api/auth/sign-in/email': apiErrorResponse(429, 'RATE_LIMITED', 'Too many attempts. Wait.') });

    const error = await api.post('/auth/sign-in/email').catch((caught: unknown) => caught);

    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many attempts. Wait.' });
    expect((error as ApiError).serverMessage).toBe('Too many attempts. Wait.');
  });

  it('keeps a non-JSON failure without a server message', async () => {
    stubFetch({ 'GET /api/broken': new Response('<html>oops</html>', { status: 502 }) });
    const error = await api.get('/broken').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', serverMessage: undefined });
  });

  it('turns a network TypeError into a clear ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/anything').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true });
    expect((error as ApiError).message).toMatch(/^Network error/);
  });
});
