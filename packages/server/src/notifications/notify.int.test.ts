import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';
import { notify } from './notifications.module.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const inbox = (tenant: string) =>
  inTenant(t.db.database.db, { tenant, user: 'test' }, async (tx) =>
    (
      await sql<{
        data: Record<string, unknown>;
      }>`SELECT data FROM notification ORDER BY _insert_date, registration`.execute(tx)
    ).rows.map((r) => r.data),
  );

describe('notify', () => {
  it('writes one notification per recipient, not to its author, once per key', async () => {
    const caller = { tenant: 'alpha', username: 'someone@alpha' };
    const n = { to: { usernames: ['admin@alpha', 'nobody@alpha'] }, type: 'MENTION' as const, title: 'Hi', key: 'k1' };
    await inTenant(t.db.database.db, { tenant: 'alpha', user: caller.username }, (tx) => notify(tx, caller, n));
    await inTenant(t.db.database.db, { tenant: 'alpha', user: caller.username }, (tx) => notify(tx, caller, n));
    const self = { tenant: 'alpha', username: 'admin@alpha' };
    await inTenant(t.db.database.db, { tenant: 'alpha', user: self.username }, (tx) =>
      notify(tx, self, { ...n, key: undefined }),
    );
    expect(await inbox('alpha')).toMatchObject([{ recipient: 'admin@alpha', title: 'Hi', type: 'MENTION', key: 'k1' }]);
    expect(await inbox('beta')).toEqual([]);
  });
});
