import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, asOwner, type TestApp } from '../testing/test-app.ts';

/** A failure in the middle of a write (after the record, before its history) leaves nothing behind. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await asOwner(t.db, [
    `CREATE FUNCTION refuse_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.data #>> '{changes,name,to}' = 'FAIL-IN-HISTORY' THEN RAISE EXCEPTION 'history refused'; END IF; RETURN NEW; END $$`,
    `CREATE TRIGGER refuse_history BEFORE INSERT ON history FOR EACH ROW EXECUTE FUNCTION refuse_history()`,
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('atomic writes', () => {
  it('rolls back the record, its history and its registration number together', async () => {
    const h = t.alpha.headers;
    const before = (
      await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: h, payload: { name: 'before' } })
    ).json();
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: h,
      payload: { name: 'FAIL-IN-HISTORY' },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().code).toBe('UNAVAILABLE_SOFTWARE');
    const list = (await t.app.inject({ url: '/api/support/tickets?name=FAIL-IN-HISTORY', headers: h })).json();
    expect(list).toEqual([]);
    const after = (
      await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: h, payload: { name: 'after' } })
    ).json();
    expect(Number(after.registration.slice(-6))).toBe(Number(before.registration.slice(-6)) + 1);
    const histories = (
      await t.app.inject({ url: '/api/core/histories?entityName=Ticket&range=[0-99]', headers: h })
    ).json();
    expect(histories.map((x: { entityRegistration: string }) => x.entityRegistration).sort()).toEqual(
      [before.registration, after.registration].sort(),
    );

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/support/tickets/${before.registration}`,
      headers: h,
      payload: { name: 'FAIL-IN-HISTORY' },
    });
    expect(updated.statusCode).toBe(500);
    const unchanged = (await t.app.inject({ url: `/api/support/tickets/${before.registration}`, headers: h })).json();
    expect(unchanged).toMatchObject({ name: 'before', _version: 1 });
  });
});
