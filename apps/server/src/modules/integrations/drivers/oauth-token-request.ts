import { ConnectorAuthError, ConnectorHttpError, type OAuthTokens, parseRetryAfter } from '../connector-driver.ts';

/**
 * The token endpoint request every driver makes (RFC 6749 sections 4.1.3 and 6): a form POST for the code exchange
 * or a refresh, the answer read as OAuthTokens, a refused grant as ConnectorAuthError and every other failure as
 * ConnectorHttpError with its Retry-After. What differs between providers is passed in, never guessed here.
 */
export interface TokenRequest {
  /** The provider as it appears in error messages ("Google", "Microsoft", "Dropbox"). */
  label: string;
  /** What the request is, for messages ("code exchange", "refresh"). */
  what: string;
  url: string;
  /** Every field of the form, client credentials included (providers differ on `scope` and where the client goes). */
  form: Record<string, string>;
  fetch: typeof fetch;
  /**
   * The refresh token the answer stands for when it carries none: Google answers one only at the first exchange and
   * keeps the old one valid, so a refresh passes the old one; Microsoft rotates (each answer carries a new one) and
   * Dropbox never sends one on refresh, so they pass null and `tokens.ts` keeps the stored one.
   */
  refreshTokenWhenAbsent: string | null;
  /** The scopes when the answer names none (Microsoft grants what was asked). */
  defaultScopes?: readonly string[];
  /**
   * Dropbox answers a refused refresh token with 401 as well as with `invalid_grant`; Google's 401 is `invalid_client`
   * (our credentials), which connecting again would not fix, so it stays an HTTP error there.
   */
  isUnauthorizedRefusedGrant?: boolean;
  /** Reads a 429/5xx answer's wait; the Retry-After header unless the provider has more to say (Dropbox's body). */
  readRetryAfter?: (response: Response, body: unknown) => number | null;
}

interface TokenResponseBody {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  error?: unknown;
  error_description?: string;
  /** Dropbox's API errors. */
  error_summary?: string;
}

function parseBody(text: string): TokenResponseBody | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as TokenResponseBody) : null;
  } catch {
    return null;
  }
}

/** The error code and description, never a token: the endpoint echoes none, and its body is read only for these. */
function describeError(body: TokenResponseBody | null, text: string, statusText: string): string {
  if (typeof body?.error_summary === 'string') return body.error_summary;
  if (typeof body?.error === 'string') {
    return body.error_description ? `${body.error}: ${body.error_description}` : body.error;
  }
  return text.slice(0, 200) || statusText;
}

export async function requestOAuthTokens(request: TokenRequest): Promise<OAuthTokens> {
  const { label, what } = request;
  let response: Response;
  let text: string;
  try {
    response = await request.fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(request.form).toString(),
    });
    // A connection lost while the answer is read is a network failure like no answer (retryable).
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'network';
    throw new ConnectorHttpError(`${label} ${what} failed: ${reason}`, { status: null });
  }
  const body = parseBody(text);
  if (!response.ok || !body?.access_token) {
    const description = describeError(body, text, response.statusText);
    // invalid_grant: the code or refresh token is expired, revoked, or was issued for another client or verifier.
    if (body?.error === 'invalid_grant' || (request.isUnauthorizedRefusedGrant && response.status === 401)) {
      throw new ConnectorAuthError(`${label} refused the grant (${what}): ${description}`);
    }
    const isRetryable = response.status === 429 || response.status >= 500;
    const readRetryAfter =
      request.readRetryAfter ?? ((answer: Response) => parseRetryAfter(answer.headers.get('retry-after')));
    throw new ConnectorHttpError(`${label} ${what} failed (${response.status}): ${description}`, {
      status: response.status,
      retryAfterSeconds: isRetryable ? readRetryAfter(response, body) : null,
    });
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? request.refreshTokenWhenAbsent,
    expiresAt: typeof body.expires_in === 'number' ? new Date(Date.now() + body.expires_in * 1000) : null,
    scopes: body.scope ? body.scope.split(' ').filter(Boolean) : [...(request.defaultScopes ?? [])],
  };
}
