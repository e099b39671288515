import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer } from '../testing/users.ts';

/**
 * Two server processes on one PostgreSQL keep the tenant's flags in memory: a flag turned off
 * through one takes the menu entry away on the other within a second (the change feed drops what
 * both keep). The embedded database is opened by one process only, so this needs PostgreSQL.
 */
const onPostgres = !!process.env.DATABASE_URL;

describe.runIf(onPostgres)('a flag changed on one process', () => {
  let t: TestApp;
  let otherDatabase: Database;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    otherDatabase = await openDatabase(t.db.config);
    other = await buildApp({ database: otherDatabase });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await t?.close();
  });

  const calendarShownByOther = async () => {
    const res = await other.inject({ url: '/api/script/runs/user-configuration', headers: bearer(t.alpha.token) });
    return JSON.stringify(res.json().menus).includes('"/calendar"');
  };
  /** How long the other process took to show `expected`, or undefined after 3 s. */
  async function msUntilOther(expected: boolean): Promise<number | undefined> {
    const started = Date.now();
    while (Date.now() - started < 3000) {
      if ((await calendarShownByOther()) === expected) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  }

  it('is seen by the other within a second, both ways', async () => {
    const flag = await t.call('POST', '/api/core/feature-flags', t.alpha.headers, { name: 'calendar' });
    expect(flag.statusCode, flag.body).toBe(201);
    expect(await msUntilOther(false)).toBeLessThan(1000);
    // Read twice: the second answer comes from the other's memory.
    expect(await calendarShownByOther()).toBe(false);
    const enabled = await t.call('GET', '/api/core/feature-flags/calendar/transitions/ENABLE', t.alpha.headers);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(await msUntilOther(true)).toBeLessThan(1000);
    const disabled = await t.call('GET', '/api/core/feature-flags/calendar/transitions/DISABLE', t.alpha.headers);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await msUntilOther(false)).toBeLessThan(1000);
    const refused = await other.inject({ url: '/api/script/runs/calendars', headers: bearer(t.alpha.token) });
    // An admin passes every permission, never a flag that is off.
    expect(refused.json().code).toBe('FEATURE_DISABLED');
  });
});
