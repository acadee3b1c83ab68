import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ANOMALY_RULES } from '@lumen/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { buildTestApp, type TestContext } from '../test/build-test-app.ts';
import { AppError } from './errors.ts';
import { logSlowRequests, redactUrl } from './logging.ts';
import { helmetHeaders } from './security.ts';

describe('platform', () => {
  let ctx: TestContext;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'lumen-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
    ctx = await buildTestApp({ WEB_DIST_DIR: webDir }, (app) => {
      app.get('/api/test/crash', async () => {
        throw new Error('database password is hunter2');
      });
      app.get('/api/test/app-error', async () => {
        throw new AppError('NOT_FOUND', 'Nothing here');
      });
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('reports health with the database reachable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', version: '0.1.0' });
  });

  it('sends the security headers the spec lists', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends them on API answers and errors too, HSTS only when the app is served over https', async () => {
    for (const url of ['/api/health', '/api/me/role', '/api/does-not-exist']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    expect(helmetHeaders({ hsts: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No API route for POST /api/does-not-exist' },
    });
  });

  it('hides the internals of a 5xx', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('maps AppError codes to their status', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Nothing here' } });
  });

  it('serves the web app and falls back to index.html for client routes', async () => {
    const root = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const clientRoute = await ctx.app.inject({ method: 'GET', url: '/some/unknown/page?x=1' });
    expect(clientRoute.statusCode).toBe(200);
    expect(clientRoute.headers['content-type']).toContain('text/html');
    expect(clientRoute.headers['cache-control']).toBe('no-cache');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await ctx.app.inject({ method: 'GET', url: '/assets/gone-9999.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('publishes OpenAPI generated from the route schemas at /api/docs', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/me/role']));
  });

  it('refuses a state-changing API request with our cookie from another site', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/role',
      headers: { cookie: 'lumen.session_token=x', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('This request came from another site and was refused.');
  });
});

describe('configuration', () => {
  it('starts on embedded defaults with no environment at all', () => {
    const dataDir = path.join(tmpdir(), `lumen-config-${process.pid}`);
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.PORT).toBe(3000);
    expect(config.APP_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SECRET_KEY.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).SECRET_KEY).toBe(config.SECRET_KEY);
    expect(config.google).toBeNull();
  });

  describe('public address (ADR 0008)', () => {
    const base = { DATA_DIR: tmpdir(), SECRET_KEY: 'x'.repeat(32) };

    it('follows PORT when APP_URL is unset, and trusts every loopback name for that port', () => {
      const config = loadConfig({ ...base, PORT: '4555' });
      expect(config.APP_URL).toBe('http://localhost:4555');
      expect(config.trustedOrigins).toEqual(['http://localhost:4555', 'http://127.0.0.1:4555', 'http://[::1]:4555']);
      expect(loadConfig(base).APP_URL).toBe('http://localhost:3000');
    });

    it('treats an empty APP_URL as unset and still adds TRUSTED_ORIGINS', () => {
      const config = loadConfig({ ...base, APP_URL: '', PORT: '4555', TRUSTED_ORIGINS: 'http://localhost:5173' });
      expect(config.APP_URL).toBe('http://localhost:4555');
      expect(config.trustedOrigins).toContain('http://127.0.0.1:4555');
      expect(config.trustedOrigins).toContain('http://localhost:5173');
    });

    it('writes port 80 the way browsers send it in Origin', () => {
      const config = loadConfig({ ...base, PORT: '80' });
      expect(config.APP_URL).toBe('http://localhost');
      expect(config.trustedOrigins).toEqual(['http://localhost', 'http://127.0.0.1', 'http://[::1]']);
    });

    it('trusts only APP_URL and TRUSTED_ORIGINS when APP_URL is set, whatever PORT is', () => {
      const config = loadConfig({
        ...base,
        PORT: '4555',
        APP_URL: 'https://lumen.example.com/',
        TRUSTED_ORIGINS: 'https://admin.example.com, https://lumen.example.com',
      });
      expect(config.APP_URL).toBe('https://lumen.example.com/');
      expect(config.trustedOrigins).toEqual(['https://lumen.example.com', 'https://admin.example.com']);
      expect(loadConfig({ ...base, PORT: '4555', APP_URL: 'http://localhost:4555' }).trustedOrigins).toEqual([
        'http://localhost:4555',
      ]);
    });

    it('needs APP_URL when PORT is 0, since the port is only known after listening', () => {
      expect(() => loadConfig({ ...base, PORT: '0' })).toThrowError(/APP_URL is required when PORT is 0/);
      expect(loadConfig({ ...base, PORT: '0', APP_URL: 'http://localhost:3000' }).APP_URL).toBe(
        'http://localhost:3000',
      );
    });
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_URL: 'not a url' })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', APP_URL: 'not a url' })).toThrowError(
      /PORT[\s\S]*APP_URL|APP_URL[\s\S]*PORT/,
    );
  });

  it('wants the Google client id and secret together', () => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), SECRET_KEY: 'x'.repeat(32), GOOGLE_CLIENT_ID: 'id' })).toThrowError(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
  });

  it('reads text from images unless OCR_ENABLED is false', () => {
    const base = { DATA_DIR: tmpdir(), SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(base).OCR_ENABLED).toBe(true);
    expect(loadConfig({ ...base, OCR_ENABLED: 'false' }).OCR_ENABLED).toBe(false);
    expect(loadConfig({ ...base, OCR_ENABLED: '1' }).OCR_ENABLED).toBe(true);
    expect(() => loadConfig({ ...base, OCR_ENABLED: 'sometimes' })).toThrowError(/OCR_ENABLED must be true or false/);
  });

  it('takes the anomaly rules from ANOMALY_RULES over the defaults, and refuses what it cannot use', () => {
    const base = { DATA_DIR: tmpdir(), SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(base).anomalyRules).toEqual(DEFAULT_ANOMALY_RULES);
    const changed = loadConfig({
      ...base,
      ANOMALY_RULES: '{"massDeletion":{"count":50},"newDevice":{"minHistory":3}}',
    });
    expect(changed.anomalyRules.massDeletion).toEqual({ count: 50, windowMinutes: 5 });
    expect(changed.anomalyRules.newDevice).toEqual({ minHistory: 3 });
    expect(changed.anomalyRules.failedLoginsPerAccount).toEqual(DEFAULT_ANOMALY_RULES.failedLoginsPerAccount);
    expect(() => loadConfig({ ...base, ANOMALY_RULES: 'count=5' })).toThrowError(/ANOMALY_RULES must be JSON/);
    expect(() => loadConfig({ ...base, ANOMALY_RULES: '{"massDeletion":{"count":-1}}' })).toThrowError(
      /ANOMALY_RULES\.massDeletion\.count/,
    );
    expect(() => loadConfig({ ...base, ANOMALY_RULES: '{"teleportation":{"count":1}}' })).toThrowError(ConfigError);
  });

  it('refuses a short SECRET_KEY', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrowError(/SECRET_KEY must be at least 32 characters/);
  });
});

describe('log redaction', () => {
  it('removes tokens and codes from logged URLs', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc&callbackURL=%2Fchat')).toBe(
      '/api/auth/verify-email?token=%5Bredacted%5D&callbackURL=%2Fchat',
    );
    expect(redactUrl('/api/auth/callback/google?code=xyz&state=s')).not.toMatch(/xyz|=s(&|$)/);
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('slow requests', () => {
  it('logs a request slower than the threshold at warn, by its route pattern (a path may hold a token)', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    logSlowRequests(app, 20);
    app.post('/api/space-invitations/:token/accept', async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return { ok: true };
    });
    app.get('/api/quick', async () => ({ ok: true }));
    try {
      await app.inject({ method: 'GET', url: '/api/quick' });
      expect(lines).toEqual([]);
      await app.inject({ method: 'POST', url: '/api/space-invitations/secret-token-123/accept?x=1' });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 40,
        msg: 'slow request',
        method: 'POST',
        route: '/api/space-invitations/:token/accept',
        statusCode: 200,
      });
      expect(Number(lines[0]?.elapsedMs)).toBeGreaterThanOrEqual(20);
      expect(JSON.stringify(lines)).not.toContain('secret-token-123');
    } finally {
      await app.close();
    }
  });
});
