import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { writeChunk } from './import-rows.ts';

/**
 * A row of an import whose create the database refuses as a repeat (a record of the same key
 * stored between the check and the write): the row fails naming the value and its field, the
 * other rows of its chunk are written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('an import row repeating a stored value', () => {
  it('fails naming the value, and the rest of its chunk is written', async () => {
    const stored = await t.call('POST', '/api/core/taxes', t.alpha.headers, { code: 'IMP-DUP', name: 'Stored first' });
    expect(stored.statusCode, stored.body).toBe(201);
    const tax = entityByName('Tax')!;
    const written = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
      writeChunk(
        tx,
        { tenant: 'alpha', username: 'admin@alpha' },
        { entity: tax, columns: [], encoding: 'utf-8', keyField: 'code', hooks: {}, importRegistration: 'IMP000001' },
        {
          creates: [
            { row: 2, doc: { registration: 'IMP-NEW', code: 'IMP-NEW', name: 'New' } },
            { row: 3, doc: { registration: 'IMP-DUP', code: 'IMP-DUP', name: 'Repeated' } },
          ],
          updates: [],
          failures: [],
        },
      ),
    );
    expect(written.created).toBe(1);
    expect(written.failures).toEqual([
      {
        row: 3,
        errors: [
          {
            column: '',
            field: 'code',
            code: 'VALUE_ALREADY_EXISTS',
            message: 'Value IMP-DUP already exists for field code',
          },
        ],
      },
    ]);
    expect((await t.call('GET', '/api/core/taxes/IMP-NEW', t.alpha.headers)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/core/taxes/IMP-DUP', t.alpha.headers)).json().name).toBe('Stored first');
  });
});
