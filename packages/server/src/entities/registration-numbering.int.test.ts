import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entities } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import { inTenant } from '../db/database.ts';
import { insertRow } from './storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { minimalRecord } from '../testing/workflow-records.ts';
import { officeParents } from '../testing/office-parents.ts';

/**
 * Registrations of the kinds the server numbers cannot be squatted: a client may not choose
 * one, and the counter moves past any registration already stored, so that no sequence of
 * requests or loaded data leaves a kind unable to create.
 */
let t: TestApp;
/** Bodies of kinds whose domain checks more than the declared fields; a function when each record needs its own (an index's value per day). */
const domainBodies: Record<string, Record<string, unknown> | (() => Record<string, unknown>)> = {};
beforeAll(async () => {
  t = await createTestApp();
  const asset = (
    await t.call('POST', '/api/asset/assets', t.alpha.headers, { name: 'Depreciated asset', priceExclTax: 1000 })
  ).json();
  // A feature flag's targeting rule names one profile (or one user).
  domainBodies.FeatureFlagItem = { profile: 'SALES' };
  domainBodies.DepreciationSchedule = {
    assetRegistration: asset.registration,
    method: 'LINEAR',
    duration: 5,
    startDate: '2025-01-01',
  };
  // Field work (docs/field-work.md): an inspection and an expense name an existing asset; an answered checklist.
  domainBodies.Inspection = {
    assetRegistration: asset.registration,
    answers: [{ question: 'Remarks', answerType: 'TEXT', mandatory: false }],
  };
  domainBodies.AssetExpense = { assetRegistration: asset.registration };
  Object.assign(domainBodies, await officeParents(t));
  // An index's value names its index, one per day.
  const index = (
    await t.call('POST', '/api/core/indexes', t.alpha.headers, { name: 'Numbered index', code: 'NUMBERED' })
  ).json();
  let day = 0;
  domainBodies.Indice = () => ({
    indexRegistration: index.registration,
    date: new Date(Date.UTC(2000, 0, 1 + day++)).toISOString().slice(0, 10),
  });
});
afterAll(async () => {
  await t?.close();
});

/** Kinds created through the generic routes whose registration the server numbers (declared read-only). */
const numbered = entities.filter((e) => !e.readOnly && !e.key && e.fields.registration?.readOnly);

const registrationOf = (entity: Entity, n: number) => `${entity.prefix}${String(n).padStart(6, '0')}`;

async function counterOf(entity: Entity): Promise<number> {
  return inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) =>
    Number(
      (
        await sql<{
          value: string;
        }>`SELECT value FROM sequence_counter WHERE tenant = 'alpha' AND entity = ${entity.name}`.execute(tx)
      ).rows[0]?.value ?? 0,
    ),
  );
}

describe('registrations the server numbers', () => {
  it('covers the kinds it should', () => {
    expect(numbered.map((e) => e.name)).toContain('Ticket');
    expect(numbered.map((e) => e.name)).not.toContain('Person');
    expect(numbered.length).toBeGreaterThan(60);
  });

  it.each(numbered.map((entity) => ({ name: entity.name, entity })))(
    '$name: a chosen registration is refused, taken numbers are skipped',
    async ({ entity }) => {
      const h = t.alpha.headers;
      const base = `/api/${entity.route}`;
      const domain = domainBodies[entity.name];
      const body = () => ({ ...minimalRecord(entity), ...(typeof domain === 'function' ? domain() : domain) });
      const next = (await counterOf(entity)) + 1;
      const squatted = registrationOf(entity, next + 100);

      const chosen = await t.call('POST', base, h, { ...body(), registration: squatted });
      expect(chosen.statusCode, chosen.body).toBe(400);
      expect(chosen.json().error).toBe('400|INVALID_FIELD_IN_BODY|Invalid field registration in body');
      expect((await t.call('GET', `${base}/${squatted}`, h)).statusCode).toBe(404);

      // Registrations already stored where the counter is going (loaded data, another process's import).
      await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
        for (const n of [next, next + 1, next + 2])
          await insertRow(tx, entity, 'alpha', 'loader', { ...body(), registration: registrationOf(entity, n) });
      });
      const created = await t.call('POST', base, h, body());
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().registration).toBe(registrationOf(entity, next + 3));
      const after = await t.call('POST', base, h, body());
      expect(after.json().registration).toBe(registrationOf(entity, next + 4));
    },
  );

  it('an empty registration is no choice: the server numbers the record', async () => {
    for (const registration of ['', null]) {
      const res = await t.call('POST', '/api/support/tickets', t.alpha.headers, { name: 'numbered', registration });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().registration).toMatch(/^TKT\d{6}$/);
    }
  });

  it('a person chosen registration is its identifier; automatic numbers skip those taken', async () => {
    const h = t.alpha.headers;
    const taken = await t.call('POST', '/api/person/persons', h, {
      type: 'C',
      name: 'Squatter',
      registration: 'AUT000002',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const numbers = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', '/api/person/persons', h, {
        type: 'C',
        name: `Automatic ${i}`,
        registrations: [{ type: 'AUT' }],
      });
      expect(res.statusCode, res.body).toBe(201);
      numbers.push(res.json().registration);
    }
    expect(numbers).not.toContain('AUT000002');
    expect(new Set(numbers).size).toBe(3);
  });
});
