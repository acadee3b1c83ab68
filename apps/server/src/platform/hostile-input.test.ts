import { randomUUID } from 'node:crypto';
import type { ApiErrorBody } from '@lumen/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_APP_URL, type TestContext } from '../test/build-test-app.ts';
import { createSeededRandom } from '../test/seeded-random.ts';
import { type Actor, createTeamWithAdmin } from '../test/team-fixtures.ts';
import { MAX_JSON_DEPTH } from './input-guard.ts';

/**
 * Hostile input over every route of the OpenAPI document (issue #15): NUL characters and lone surrogates in every path
 * parameter, query parameter and body field, JSON nested past any limit, forged cursors, and values of every wrong
 * kind. Whatever the route, the answer is never a 5xx; text that cannot be stored is refused with a 400 naming it. The
 * routes come from the document the server serves, so a route added later is probed without touching this file.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodySchema: JsonSchema | null;
  isMultipart: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

let ctx: TestContext;
let actor: Actor;
let routes: Route[];

const stringProperties = (...names: string[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
});

/**
 * Better Auth's endpoints have no schema in the document (they are forwarded as they come), and most live behind
 * one wildcard route: each is probed with the fields it reads.
 */
const AUTH_BODIES: Record<string, JsonSchema> = {
  '/api/auth/sign-up/email': stringProperties('firstName', 'lastName', 'email', 'password', 'inviteCode'),
  '/api/auth/sign-in/email': stringProperties('email', 'password'),
  '/api/auth/sign-in/social': stringProperties('provider', 'callbackURL'),
  '/api/auth/request-password-reset': stringProperties('email', 'redirectTo'),
  '/api/auth/reset-password': stringProperties('newPassword', 'token'),
  '/api/auth/update-user': stringProperties('name', 'firstName', 'lastName', 'image'),
  '/api/auth/change-password': stringProperties('currentPassword', 'newPassword'),
  '/api/auth/send-verification-email': stringProperties('email', 'callbackURL'),
  '/api/auth/revoke-session': stringProperties('token'),
};
const AUTH_WILDCARD_GETS = ['/api/auth/get-session', '/api/auth/list-sessions', '/api/auth/verify-email'];

function routesOf(document: { paths?: Record<string, Partial<Record<string, Operation>>> }): Route[] {
  const found: Route[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    // The API browser's own pages and files are static; the WebSocket is covered by realtime's tests.
    if (path.startsWith('/api/docs')) continue;
    if (path === '/api/auth/{*}') {
      for (const [authPath, bodySchema] of Object.entries(AUTH_BODIES)) {
        if (document.paths?.[authPath]) continue;
        found.push({ method: 'POST', path: authPath, pathParams: [], queryParams: [], bodySchema, isMultipart: false });
      }
      for (const authPath of AUTH_WILDCARD_GETS) {
        found.push({
          method: 'GET',
          path: authPath,
          pathParams: [],
          queryParams: ['token', 'callbackURL'],
          bodySchema: null,
          isMultipart: false,
        });
      }
      continue;
    }
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      found.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        bodySchema: content['application/json']?.schema ?? AUTH_BODIES[path] ?? null,
        isMultipart: 'multipart/form-data' in content,
      });
    }
  }
  return found;
}

/** The route's URL with each path parameter set (encoded) to `value`, or a plausible one. */
function urlOf(route: Route, params: Record<string, string> = {}, query: Record<string, string> = {}): string {
  const url = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    encodeURIComponent(params[name] ?? plausibleParam(name)),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
}

function plausibleParam(name: string): string {
  if (/provider/i.test(name)) return 'google-drive';
  if (/slug/i.test(name)) return 'general';
  if (/token|code/i.test(name)) return 'abc123';
  return randomUUID();
}

/** A value of the schema's kind, so a body gets as far as the route's own code. */
function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'text';
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value, depth + 1)]),
      );
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uri') return 'https://example.com/a';
      return 'text';
  }
}

/** Every string leaf of a sample, as a path of keys, so each can be made hostile in turn. */
function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function withValueAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

async function send(
  route: Route,
  url: string,
  body?: string,
  contentType = 'application/json',
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      cookie: actor.cookie,
      origin: TEST_APP_URL,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** A probe that changed who is signed in (sign-out, leaving the team) must not leave the rest of the run unsigned. */
async function keepSignedIn(): Promise<void> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me/role', headers: { cookie: actor.cookie } });
  const role = response.statusCode === 200 ? (response.json() as { role: string | null }).role : null;
  if (role !== 'admin') ({ admin: actor } = await createTeamWithAdmin(ctx));
}

function expectNoServerError(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
}

function expectRefusedText(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(400);
  expect(response.json<ApiErrorBody>().error.reason, what).toBe('TEXT_NOT_ALLOWED');
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin: actor } = await createTeamWithAdmin(ctx));
  routes = routesOf(ctx.app.swagger() as Parameters<typeof routesOf>[0]);
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('hostile input on every route of the OpenAPI document', () => {
  it('reads the routes from the document, the auth routes included', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.some((route) => route.path === '/api/auth/sign-in/email')).toBe(true);
    expect(routes.some((route) => route.path === '/api/auth/update-user')).toBe(true);
    expect(routes.some((route) => route.path === '/api/documents' && route.queryParams.includes('cursor'))).toBe(true);
  });

  it('refuses a NUL or a lone surrogate in any path parameter with a 400 naming it', async () => {
    for (const route of routes.filter((candidate) => candidate.pathParams.length > 0)) {
      for (const name of route.pathParams) {
        const response = await send(route, urlOf(route, { [name]: NUL }));
        expectRefusedText(response, `${route.method} ${route.path} path ${name}`);
        expect(response.json<ApiErrorBody>().error.message).toContain(name);
      }
      await keepSignedIn();
    }
  }, 120_000);

  it('refuses a NUL or a lone surrogate in any query parameter with a 400 naming it', async () => {
    for (const route of routes.filter((candidate) => candidate.queryParams.length > 0)) {
      for (const name of route.queryParams) {
        for (const value of [NUL, LONE_SURROGATE]) {
          const response = await send(route, urlOf(route, {}, { [name]: value }));
          const what = `${route.method} ${route.path} query ${name}=${JSON.stringify(value)}`;
          // A lone surrogate cannot be sent in a URL (it has no UTF-8), so it arrives as a replacement character.
          if (value === NUL) expectRefusedText(response, what);
          else expectNoServerError(response, what);
        }
      }
      await keepSignedIn();
    }
  }, 120_000);

  it('refuses a NUL or a lone surrogate in any string of any JSON body, keys included, with a 400', async () => {
    for (const route of routes.filter((candidate) => candidate.method !== 'GET')) {
      const sample = route.bodySchema ? sampleOf(route.bodySchema) : { note: 'text' };
      const leaves = stringPaths(sample);
      for (const leaf of leaves.length ? leaves : [['note']]) {
        for (const value of [NUL, LONE_SURROGATE]) {
          const body = withValueAt(sample, leaf, value);
          const response = await send(route, urlOf(route), JSON.stringify(body));
          expectRefusedText(response, `${route.method} ${route.path} body ${leaf.join('.')}=${JSON.stringify(value)}`);
        }
      }
      const keyed = await send(route, urlOf(route), JSON.stringify({ ...(sample as object), [NUL]: 'x' }));
      expectRefusedText(keyed, `${route.method} ${route.path} body key`);
      await keepSignedIn();
    }
  }, 240_000);

  it('refuses JSON nested deeper than the limit on every route that takes a body, before parsing it', async () => {
    const objects = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const arrays = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const justInside = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    for (const route of routes.filter((candidate) => candidate.method !== 'GET')) {
      for (const [name, body] of [
        ['objects', objects],
        ['arrays', arrays],
      ] as const) {
        const response = await send(route, urlOf(route), body);
        const what = `${route.method} ${route.path} ${name}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(400);
        expect(response.json<ApiErrorBody>().error.reason, what).toBe('JSON_TOO_DEEP');
      }
      expectNoServerError(await send(route, urlOf(route), justInside), `${route.method} ${route.path} at the limit`);
      await keepSignedIn();
    }
  }, 120_000);

  it('answers forged, impossible and huge cursors with a 4xx on every route that pages', async () => {
    const forged = [
      Buffer.from(`2026-13-45 10:00:00+00|${randomUUID()}`).toString('base64url'),
      Buffer.from(`2026-02-31 25:61:61.5+00|${randomUUID()}`).toString('base64url'),
      Buffer.from(`99999-01-01 00:00:00+00|${randomUUID()}`).toString('base64url'),
      Buffer.from('audit:99999999999999999999').toString('base64url'),
      '99999999999999999999999999',
      '9223372036854775808',
      '-1',
      '1e400',
      'not a cursor',
      '%%%',
      '😀',
    ];
    for (const route of routes.filter((candidate) => candidate.queryParams.includes('cursor'))) {
      for (const cursor of forged) {
        const response = await send(route, urlOf(route, {}, { cursor }));
        const what = `${route.method} ${route.path} cursor=${cursor}`;
        expectNoServerError(response, what);
        expect(response.statusCode, what).toBe(400);
      }
    }
  }, 60_000);

  it('never answers a 5xx to values of the wrong kind in any field (seeded, the same every run)', async () => {
    const random = createSeededRandom(15);
    const hostile: unknown[] = [
      null,
      -1,
      2 ** 63,
      1e308,
      -0.5,
      '',
      ' ',
      'x'.repeat(100_000),
      '9'.repeat(40),
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "'; DROP TABLE documents; --",
      '2026-13-45',
      [],
      {},
      [[[[]]]],
      { $gt: '' },
      true,
      '\u202e\u200b\uFEFF',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
    ];
    const pick = () => hostile[Math.floor(random() * hostile.length)];
    for (const route of routes) {
      const sample = route.bodySchema ? sampleOf(route.bodySchema) : undefined;
      for (let attempt = 0; attempt < 6; attempt++) {
        const query = Object.fromEntries(route.queryParams.map((name) => [name, String(pick())]));
        const params = Object.fromEntries(
          route.pathParams.flatMap((name) => (random() < 0.5 ? [[name, String(pick())]] : [])),
        );
        let body: unknown = sample;
        if (sample && typeof sample === 'object') {
          for (const key of Object.keys(sample)) if (random() < 0.5) body = withValueAt(body, [key], pick());
        }
        const response = await send(
          route,
          urlOf(route, params, query),
          body === undefined || route.method === 'GET' ? undefined : JSON.stringify(body),
        );
        const what = `${route.method} ${route.path} ${JSON.stringify({ params, query, body }).slice(0, 300)}`;
        expectNoServerError(response, what);
      }
      await keepSignedIn();
    }
  }, 240_000);

  it('refuses a NUL in an uploaded file name and in a form post with a 400', async () => {
    const boundary = 'LumenHostileBoundary';
    for (const route of routes.filter((candidate) => candidate.isMultipart)) {
      const payload =
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="re\u0000port.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
      const response = await send(route, urlOf(route), payload, `multipart/form-data; boundary=${boundary}`);
      expectNoServerError(response, `${route.method} ${route.path} multipart`);
      await keepSignedIn();
    }
    const formPost = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: 'email=a%00b%40example.com&password=x',
    });
    expectNoServerError(formPost, 'form post');
  }, 60_000);
});
