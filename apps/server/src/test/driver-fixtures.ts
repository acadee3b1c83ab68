import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ConnectorsConfig } from '../config.ts';
import {
  type ChangePage,
  ConnectorAuthError,
  type ConnectorDriver,
  type OAuthTokens,
  type RemoteItem,
} from '../modules/integrations/connector-driver.ts';

/**
 * What the connector driver tests (modules/integrations/drivers/*.test.ts) share: the browser's part of the OAuth
 * dance, the sync engine's walk of a change feed, and the config a driver is built from.
 */

/**
 * A connectors config with no provider configured (every credential null), no base URL and a 15-minute sync interval,
 * with `overrides` on top: usually one provider's credentials and its base URL, the fake's origin.
 */
export function connectorsConfigWith(overrides: Partial<ConnectorsConfig>): ConnectorsConfig {
  return {
    googleDrive: null,
    onedrive: null,
    dropbox: null,
    slack: null,
    notion: null,
    confluence: null,
    baseUrls: {},
    syncIntervalMinutes: 15,
    ...overrides,
  };
}

/**
 * A PKCE pair made here, independently of the code under test: a random verifier and its S256 challenge
 * (RFC 7636 section 4.2), for the fakes that check one against the other.
 */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier, 'ascii').digest('base64url') };
}

/**
 * A fetch that records the URL of every request into each of `logs`, then sends it with the global fetch: given to a
 * driver, it shows where the driver's requests went.
 */
export function recordingFetch(...logs: string[][]): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    for (const log of logs) log.push(url);
    return fetch(input, init);
  };
}

/**
 * The browser's part of the consent: opens an authorization URL without following redirects, expects the consent
 * page's 302, and answers the URL it redirects to (the callback, with `code` and `state`, or `error`).
 */
export async function consentAt(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

export interface ConnectOptions {
  redirectUri: string;
  /** The state the authorization URL carries; 'state-1' when absent. */
  state?: string;
  /**
   * The PKCE pair, both or neither: absent, a fresh real pair from `pkcePair()`, which suits the providers that check
   * it and those that ignore it alike.
   */
  codeChallenge?: string;
  codeVerifier?: string;
}

/**
 * Connects an account the way a person does: builds the authorization URL, consents (expecting the way back to
 * `redirectUri`), and exchanges the code the callback carries. Answers the tokens.
 */
export async function connectDriver(driver: ConnectorDriver, options: ConnectOptions): Promise<OAuthTokens> {
  const generated = pkcePair();
  const { redirectUri, state = 'state-1' } = options;
  const codeChallenge = options.codeChallenge ?? generated.challenge;
  const codeVerifier = options.codeVerifier ?? generated.verifier;
  const callback = await consentAt(driver.authorizationUrl({ state, codeChallenge, redirectUri }));
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  return driver.exchangeCode({ code: callback.searchParams.get('code') ?? '', codeVerifier, redirectUri });
}

/** More pages than any test's feed has: a feed longer than this never ends, which fails the test. */
const MAX_PAGES = 1000;

/**
 * Walks the change feed from `cursor` as the sync engine does, page after page until one says `hasMore: false`.
 * Answers every item in order, every page (`pages.length` is how many there were), and the last page's cursor.
 */
export async function listAllPages(
  driver: ConnectorDriver,
  accessToken: string,
  cursor: string | null,
): Promise<{ items: RemoteItem[]; pages: ChangePage[]; cursor: string }> {
  const items: RemoteItem[] = [];
  const pages: ChangePage[] = [];
  let page: ChangePage;
  let next = cursor;
  do {
    if (pages.length >= MAX_PAGES) throw new Error(`The change feed never ends: ${MAX_PAGES} pages and more`);
    page = await driver.listChanges(accessToken, next);
    items.push(...page.items);
    pages.push(page);
    next = page.nextCursor;
  } while (page.hasMore);
  return { items, pages, cursor: page.nextCursor };
}

/** Awaits a promise that must reject and answers what it rejected with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected a rejection');
}

/**
 * A provider that hands out codes without PKCE must still take each code once and only for the redirect URI it was
 * issued for: `code` (already exchanged) is refused again, and a fresh code sent with another redirect URI is refused.
 */
export async function expectCodesSingleUseAndBound(
  driver: ConnectorDriver,
  code: string,
  redirectUri: string,
): Promise<void> {
  const reused = await rejectionOf(driver.exchangeCode({ code, codeVerifier: 'v', redirectUri }));
  expect(reused).toBeInstanceOf(ConnectorAuthError);
  const fresh = await consentAt(driver.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri }));
  const elsewhere = await rejectionOf(
    driver.exchangeCode({
      code: fresh.searchParams.get('code') ?? '',
      codeVerifier: 'v',
      redirectUri: 'http://localhost:3000/elsewhere',
    }),
  );
  expect(elsewhere).toBeInstanceOf(ConnectorAuthError);
}
