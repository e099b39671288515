import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entities } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { defaultWorkflow } from '@lbo/model/workflow/workflows';
import type { Entity } from '@lbo/model/entity';
import { inTenant } from '../db/database.ts';
import { insertRow } from './storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Every declared kind and every sub-route, by registration and by `_id`: a user of tenant beta
 * never reads, changes or deletes a record of tenant alpha. Each answer is a 404 and carries
 * none of alpha's data; afterwards alpha's records are as they were.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const marker = 'alpha-secret';

interface Planted {
  entity: Entity;
  registration: string;
  _id: string;
  name: string;
}

/** One record of every kind in alpha, written straight to its table (read-only kinds included). */
async function plant(): Promise<Planted[]> {
  return inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, async (tx) => {
    const planted: Planted[] = [];
    for (const entity of entities) {
      // Registrations are echoed by a 404; the marker is in the names only.
      const registration = entity.name === 'User' ? 'planted.user@alpha' : `${entity.prefix}-PLANTED`;
      const status = entity.status ? referenceLists[entity.status]?.[0]?.value : undefined;
      const row = await insertRow(tx, entity, 'alpha', 'admin@alpha', {
        registration,
        name: `${marker} ${entity.name}`,
        description: marker,
        ...(status ? { status } : {}),
        ...(entity.key ? { [entity.key]: registration } : {}),
      });
      planted.push({ entity, registration, _id: row._id, name: row.name ?? '' });
    }
    return planted;
  });
}

/** The requests beta makes at one record of alpha, by one identifier. */
function attempts({ entity, registration }: Planted, id: string): [string, string, unknown?][] {
  const base = `/api/${entity.route}`;
  const one = `${base}/${encodeURIComponent(id)}`;
  const list: [string, string, unknown?][] = [
    ['GET', one],
    ['GET', `${one}?include=persons`],
  ];
  if (!entity.readOnly)
    list.push(['PUT', one, { name: 'stolen' }], ['PATCH', one, { name: 'stolen' }], ['DELETE', one]);
  if (entity.status) {
    const code = defaultWorkflow(entity)?.transitions[0]?.code ?? 'NONE';
    list.push(
      ['GET', `${one}/transitions`],
      ['GET', `${one}/transitions/${code}`],
      ['POST', `${base}/transitions`, [registration]],
    );
  }
  if (entity.name === 'Person' || entity.name === 'Prospect') {
    list.push(['GET', `${one}/hierarchy`], ['GET', `${one}/ascendants`], ['POST', one]);
  }
  return list;
}

describe('tenant isolation across every kind and sub-route', () => {
  it('beta gets 404 for each of alpha’s records, by registration and by _id, and changes nothing', async () => {
    const planted = await plant();
    expect(planted.length).toBe(entities.length);
    const failures: string[] = [];
    for (const record of planted) {
      for (const id of [record.registration, record._id]) {
        for (const [method, url, body] of attempts(record, id)) {
          const res = await t.call(method, url, t.beta.headers, body);
          // The translations route answers the caller's own tenant, an empty set for a locale it lacks.
          const ownEmptyAnswer = record.entity.name === 'Locale' && method === 'GET' && res.statusCode === 200;
          // Tenants are written by a master super admin only: any other caller is refused before a lookup.
          const masterOnly =
            record.entity.name === 'Tenant' &&
            res.statusCode === 403 &&
            res.json().message === 'Permission write /api/core/tenants required';
          if ((res.statusCode !== 404 && !ownEmptyAnswer && !masterOnly) || res.body.includes(marker))
            failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        // Lists filtered on the record find nothing.
        const listed = await t.call(
          'GET',
          `/api/${record.entity.route}?registration=${encodeURIComponent(record.registration)}`,
          t.beta.headers,
        );
        if (listed.statusCode === 200 && listed.body.includes(marker))
          failures.push(`list ${record.entity.name}: ${listed.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);

    const kept = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
      const states: string[] = [];
      for (const { entity, registration, name } of planted) {
        const { rows } = await sql<{
          name: string;
          _version: number;
        }>`SELECT name, _version FROM ${sql.table(entity.table)}
          WHERE tenant = 'alpha' AND registration = ${registration}`.execute(tx);
        states.push(`${entity.name}:${rows.length}:${rows[0]?.name === name}:${rows[0]?._version}`);
      }
      return states;
    });
    expect(kept).toEqual(planted.map(({ entity }) => `${entity.name}:1:true:1`));
  }, 300_000);

  it('a link to another tenant’s record includes nothing', async () => {
    const person = (
      await t.call('POST', '/api/person/persons', t.alpha.headers, { type: 'C', name: `${marker} linked` })
    ).json();
    expect(person.registration).toBeTruthy();
    const contract = await t.call('POST', '/api/financing/contracts', t.beta.headers, {
      name: 'Beta contract',
      persons: [{ role: 'CLIENT', personRegistration: person.registration }],
    });
    expect(contract.statusCode, contract.body).toBe(201);
    const read = await t.call(
      'GET',
      `/api/financing/contracts/${contract.json().registration}?include=persons`,
      t.beta.headers,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().persons[0].person).toBeNull();
    expect(read.body).not.toContain(marker);
    const listed = await t.call(
      'GET',
      `/api/financing/contracts?registration=${contract.json().registration}&include=persons`,
      t.beta.headers,
    );
    expect(listed.body).not.toContain(marker);
  });
});
