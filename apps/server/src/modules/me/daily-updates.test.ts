import { randomUUID } from 'node:crypto';
import { DAILY_STAT_LABELS } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, documents, messages } from '../../db/schema/index.ts';
import { startOfLocalDay } from '../../platform/time.ts';
import { indexText, postChat, userIdOf } from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { seedRole, seedTeam } from '../../test/seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function stats(cookie: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me/daily-updates', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { stats: Array<{ label: string; value: string; change: string }> };
  return Object.fromEntries(body.stats.map((stat) => [stat.label, stat]));
}

describe('/api/me/daily-updates', () => {
  it('starts at zero for a new user, with the six labels in order', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me/daily-updates', headers: { cookie } });
    const body = response.json();
    expect(body.stats.map((stat: { label: string }) => stat.label)).toEqual([...DAILY_STAT_LABELS]);
    for (const stat of body.stats) expect(['0', '0%']).toContain(stat.value);
  });

  it('counts real activity today against yesterday', async () => {
    const me = await createSignedInUser(ctx);
    const userId = await userIdOf(ctx, me.user.email);
    const db = ctx.app.database.db;
    await indexText(ctx, userId, 'facts.txt', [{ page: null, text: 'The canteen serves soup on Fridays.' }]);
    const old = await indexText(ctx, userId, 'old.txt', [{ page: null, text: 'Old.' }]);
    const yesterday = new Date(Date.now() - DAY);
    await db.update(documents).set({ updatedAt: yesterday, createdAt: yesterday }).where(eq(documents.id, old));
    // Two questions today: one answered from the documents, one not.
    await postChat(ctx, me.cookie, { id: randomUUID(), text: 'What does the canteen serve on Fridays?' });
    await postChat(ctx, me.cookie, { id: randomUUID(), text: 'What is the capital of Mongolia?' });
    // One question yesterday.
    const past = randomUUID();
    await db.insert(conversations).values({ id: past, userId, title: 'Yesterday' });
    await db
      .insert(messages)
      .values({ id: randomUUID(), conversationId: past, role: 'user', parts: [], createdAt: yesterday });
    // A colleague joined the team today.
    const team = await seedTeam(db, 'Daily team');
    await seedRole(db, me.user.email, team.id, 'admin');
    const colleague = await createSignedInUser(ctx);
    await seedRole(db, colleague.user.email, team.id, 'employee');

    const figures = await stats(me.cookie);
    expect(figures['Files Processed']).toEqual(expect.objectContaining({ value: '1', change: '0' }));
    expect(figures['AI Queries']).toEqual(expect.objectContaining({ value: '2', change: '+1' }));
    expect(figures['New Clients']).toEqual(expect.objectContaining({ value: '1', change: '+1' }));
    expect(figures['Spaces Created']).toEqual(expect.objectContaining({ value: '0', change: '0' }));
    expect(figures['Efficiency Gain']).toEqual(expect.objectContaining({ value: '50%', change: '+50%' }));
    // The same request again gives the same figures: nothing random.
    expect(await stats(me.cookie)).toEqual(figures);
  });

  it("computes the user's day from the browser's time-zone offset", () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(startOfLocalDay(now, 0).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    // UTC+2 (getTimezoneOffset -120): it is already March 11th there.
    expect(startOfLocalDay(now, -120).toISOString()).toBe('2026-03-10T22:00:00.000Z');
    // UTC-5 (getTimezoneOffset 300).
    expect(startOfLocalDay(now, 300).toISOString()).toBe('2026-03-10T05:00:00.000Z');
  });
});
