import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperations } from '../entities/crud.operation.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { writeDemoIndices } from './demo-indices.ts';
import { indexValueHooks } from './index-values.ts';

/** The demo's market indices (docs/kinds.md): written once, each showing its latest month-end value. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo step', () => {
  it('writes EURIBOR and €STR with their values through the product, once', async () => {
    const db = t.db.database.db;
    const operations = createOperations(db, { indexValues: indexValueHooks });
    const context = { db, operations, tenant: 'beta', loadedKinds: [] };
    await writeDemoIndices(context);
    await writeDemoIndices(context);
    const indexes = (await t.call('GET', '/api/core/indexes?sort=code', t.beta.headers)).json() as unknown as Record<
      string,
      unknown
    >[];
    expect(indexes.map((i) => [i.code, i.lastValue, i.lastValueDate])).toEqual([
      ['ESTR', 0.0192, '2025-06-30'],
      ['EUR12M', 0.0207, '2025-06-30'],
      ['EUR3M', 0.0198, '2025-06-30'],
    ]);
    const values = (
      await t.call('GET', '/api/core/indices?range=[0-99]', t.beta.headers)
    ).json() as unknown as unknown[];
    expect(values).toHaveLength(18);
    // Another tenant holds none of them.
    expect((await t.call('GET', '/api/core/indexes', t.alpha.headers)).json()).toEqual([]);
  });
});
