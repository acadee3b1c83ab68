import { DEFAULT_USER_PREFERENCES } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me/preferences', headers: { cookie } });
const put = (cookie: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/me/preferences',
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: payload as object,
  });

describe('/api/me/preferences', () => {
  it('answers the defaults before anything is saved', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await get(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_USER_PREFERENCES);
    expect(response.json()).toEqual({
      language: 'en',
      notificationsEnabled: true,
      theme: 'dark',
      emailNotifications: true,
      autoSaveDocuments: true,
    });
  });

  it('saves a subset, keeps the rest, and keeps each user to their own', async () => {
    const me = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const saved = await put(me.cookie, { language: 'fr', theme: 'light' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULT_USER_PREFERENCES, language: 'fr', theme: 'light' });
    await put(me.cookie, { notificationsEnabled: false });
    expect((await get(me.cookie)).json()).toEqual({
      ...DEFAULT_USER_PREFERENCES,
      language: 'fr',
      theme: 'light',
      notificationsEnabled: false,
    });
    expect((await get(other.cookie)).json()).toEqual(DEFAULT_USER_PREFERENCES);
  });

  it.each([
    [{ language: 'it' }, 'language'],
    [{ theme: 'blue' }, 'theme'],
    [{ emailNotifications: 'yes' }, 'emailNotifications'],
    [{ colour: 'red' }, ''],
  ])('refuses %j with 400', async (payload, field) => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await put(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.message).toContain(field);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/preferences' })).statusCode).toBe(401);
  });
});
