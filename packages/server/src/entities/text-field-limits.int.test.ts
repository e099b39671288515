import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entities } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import type { FieldDef, Fields } from '@lbo/model/fields';
import { textLength } from '@lbo/model/values/limits';
import { inTenant } from '../db/database.ts';
import { findOne, insertRow, toDocument } from './storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { minimalRecord } from '../testing/workflow-records.ts';

/**
 * Every free-text field of every kind takes the longest value its declaration accepts: no
 * index, column or check refuses it (a B-tree index refuses rows over about 2,700 bytes), and it
 * reads back whole. One character more is a 400 in the catalogue form naming the field.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Free-text types: any characters up to their length. Others (email, IBAN, link…) follow a format. */
const freeText = new Set(['text', 'textarea']);

/** The most characters a field accepts: its type's limit, or its declaration's `max` when lower. */
const longest = (field: FieldDef) => Math.min(textLength[field.type]!, field.max ?? Number.POSITIVE_INFINITY);

/**
 * `length` characters that compress badly and take up to 3 UTF-8 bytes each (a repeated letter
 * would be compressed under any index limit). Starts and ends with a letter: a value is trimmed.
 */
function filler(length: number, seed: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 éàüß€—';
  let state = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  let out = 'x';
  while (out.length < length - 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    out += alphabet[state % alphabet.length];
  }
  return `${out}y`.slice(0, length);
}

interface TextPath {
  /** The field's path in a body: `description`, `contacts[0].department`. */
  path: string;
  field: FieldDef;
}

/**
 * The free-text fields a client writes, the fields of lists and objects included (one item each),
 * but a record's identifier (`registration`, a kind's key), which follows its own rule.
 */
function textPaths(fields: Fields, prefix = ''): TextPath[] {
  return Object.entries(fields).flatMap(([name, field]): TextPath[] => {
    if (field.readOnly || (!prefix && name === 'registration')) return [];
    if (freeText.has(field.type)) return [{ path: `${prefix}${name}`, field }];
    if (field.type === 'list') return textPaths(field.fields ?? {}, `${prefix}${name}[0].`);
    if (field.type === 'object') return textPaths(field.fields ?? {}, `${prefix}${name}.`);
    return [];
  });
}

/** The mandatory fields of a list item or an object, filled with valid values. */
const filled = (fields: Fields) => minimalRecord({ fields } as unknown as Entity);

/** Sets `value` at `path` in `body` (of a kind of `fields`), making the list item or object on the way. */
function setAt(body: Record<string, unknown>, fields: Fields, path: string, value: unknown) {
  const parts = path.split('.');
  let holder = body;
  let declared = fields;
  for (const part of parts.slice(0, -1)) {
    const name = part.replace('[0]', '');
    const field = declared[name];
    declared = field.fields ?? {};
    if (part.endsWith('[0]')) {
      const list = Array.isArray(holder[name]) ? (holder[name] as Record<string, unknown>[]) : [];
      list[0] ??= filled(declared);
      holder[name] = list;
      holder = list[0];
    } else {
      holder[name] ??= filled(declared);
      holder = holder[name] as Record<string, unknown>;
    }
  }
  holder[parts[parts.length - 1]] = value;
}

function valueAt(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, part) => {
    const value = (v as Record<string, unknown> | undefined)?.[part.replace('[0]', '')];
    return part.endsWith('[0]') ? (value as unknown[] | undefined)?.[0] : value;
  }, doc);
}

/**
 * Kinds whose domain checks more than the declared fields, or whose list items need more than
 * their mandatory fields, with what their bodies need besides.
 */
/** The index the Indice bodies name, created once (its code is unique). */
let indexOfValues: Promise<unknown> | undefined;
const domainBodies: Record<string, () => Promise<Record<string, unknown>>> = {
  Currency: async () => ({ code: 'XTS' }),
  DynoDescriptor: async () => ({ name: 'longText', prefix: 'LT' }),
  // A targeting rule names one profile (or one user).
  FeatureFlagItem: async () => ({ profile: 'SALES' }),
  DepreciationSchedule: async () => {
    const asset = await t.call('POST', '/api/asset/assets', t.alpha.headers, { name: 'Asset', priceExclTax: 1000 });
    return { assetRegistration: asset.json().registration, method: 'LINEAR', duration: 5, startDate: '2025-01-01' };
  },
  // Field work (docs/field-work.md): an inspection and an expense name an existing asset; a TEXT answer takes any text.
  Inspection: async () => {
    const asset = await t.call('POST', '/api/asset/assets', t.alpha.headers, { name: 'Inspected' });
    return { assetRegistration: asset.json().registration, answers: [{ question: 'Remarks', answerType: 'TEXT' }] };
  },
  AssetExpense: async () => {
    const asset = await t.call('POST', '/api/asset/assets', t.alpha.headers, { name: 'Costed' });
    return { assetRegistration: asset.json().registration };
  },
  // A value is of an index of the tenant (docs/kinds.md).
  Indice: async () => {
    indexOfValues ??= t
      .call('POST', '/api/core/indexes', t.alpha.headers, { name: 'Index', code: 'LONGTEXT' })
      .then((index) => index.json().registration);
    return { indexRegistration: await indexOfValues };
  },
  // A contact belongs to a campaign of the tenant (docs/kinds.md).
  CampaignContact: async () => {
    const campaign = await t.call('POST', '/api/person/campaigns', t.alpha.headers, { name: 'Campaign' });
    return { campaignRegistration: campaign.json().registration };
  },
  // An operation is on a holding of the tenant, bought first (docs/private-equity.md).
  PrivateEquityOperation: async () => {
    const asset = await t.call('POST', '/api/private-equity/assets', t.alpha.headers, { name: 'Holding' });
    const holding = asset.json().registration;
    return { assetRegistration: holding, type: 'INVESTMENT', operationDate: '2024-01-01', amount: 1000, shares: 10 };
  },
  // A time entry is on a project of the tenant (docs/projects.md).
  TimeEntry: async () => {
    const project = await t.call('POST', '/api/support/projects', t.alpha.headers, { name: 'Project' });
    return { projectRegistration: project.json().registration, entryDate: '2025-01-06', hours: 1 };
  },
};

/**
 * Kinds written by the server only (imports, logs, postings), and tenants (written by the master
 * tenant's administrator): stored as the server stores them.
 */
const serverWritten = entities.filter((e) => e.readOnly || e.name === 'Tenant');
const clientWritten = entities.filter((e) => !serverWritten.includes(e) && e.domainRoutes !== 'all');
/**
 * Text fields whose value follows a rule of its domain, or is written by the server: a BIC (a
 * person's rules), an identifier (its type's rules; it makes the person's registration), a user's organization name (its `orgaRegistration`'s), a posting's account
 * (comes with an amount and its event's balance, the books' triggers).
 */
const ruledText: Record<string, string[]> = {
  Person: ['bankAccounts[0].bankBic', 'registrations[0].'],
  Prospect: ['bankAccounts[0].bankBic', 'registrations[0].'],
  User: ['organization.name'],
  DynoDescriptor: ['prefix'],
  // A profile's code: capitals, digits and underscores.
  FeatureFlagItem: ['profile'],
  Posting: ['account', 'secondaryAccount'],
  // The record a task is about: a declared kind and one of its records.
  Task: ['entityName', 'entityRegistration'],
  // The record a voting is about, likewise (docs/committees.md).
  Voting: ['entityName', 'entityRegistration'],
};
/** The free-text fields of a kind a client may fill with any characters. */
const freeTextPaths = (entity: Entity) =>
  textPaths(entity.fields).filter(
    (p) => p.path !== entity.key && !ruledText[entity.name]?.some((ruled) => p.path.startsWith(ruled)),
  );

describe('the longest text of every field', () => {
  it('covers every kind and the long text fields', () => {
    const paths = entities.flatMap((e) => textPaths(e.fields).map((p) => `${e.name}.${p.path}`));
    expect(paths).toContain('Claim.description');
    expect(paths).toContain('Committee.comment');
    expect(clientWritten.length + serverWritten.length + 1).toBe(entities.length);
  });

  it.each(clientWritten.map((entity) => ({ name: entity.name, entity })))(
    '$name: the longest accepted values are written and read back; one more character is refused naming the field',
    async ({ entity }) => {
      const paths = freeTextPaths(entity);
      const base = async () => ({ ...minimalRecord(entity), ...(await domainBodies[entity.name]?.()) });
      const body = await base();
      for (const { path, field } of paths)
        setAt(body, entity.fields, path, filler(longest(field), `${entity.name}.${path}`));
      const url = `/api/${entity.route}`;
      const created = await t.call('POST', url, t.alpha.headers, body);
      expect([200, 201], `${entity.name}: ${created.body.slice(0, 100)}…${created.body.slice(-300)}`).toContain(
        created.statusCode,
      );
      const read = await t.call('GET', `${url}/${encodeURIComponent(created.json().registration)}`, t.alpha.headers);
      expect(read.statusCode, read.body.slice(0, 500)).toBe(200);
      for (const { path } of paths) expect(valueAt(read.json(), path), path).toBe(valueAt(body, path));

      for (const { path, field } of paths) {
        const over = await base();
        setAt(over, entity.fields, path, filler(longest(field) + 1, path));
        const res = await t.call('POST', url, t.alpha.headers, over);
        expect(res.statusCode, `${entity.name}.${path}: ${res.body.slice(0, 300)}`).toBe(400);
        const answer = res.json() as { code: string; message: string; error: string };
        expect(answer.error).toBe(`400|${answer.code}|${answer.message}`);
        expect(answer.message, `${entity.name}.${path}`).toContain(path);
      }
    },
    60_000,
  );

  it.each(serverWritten.map((entity) => ({ name: entity.name, entity })))(
    '$name (written by the server): the longest values are stored and read back',
    async ({ entity }) => {
      const paths = freeTextPaths(entity);
      const body: Record<string, unknown> = { ...minimalRecord(entity), registration: `${entity.prefix}LONG` };
      for (const { path, field } of paths)
        setAt(body, entity.fields, path, filler(longest(field), `${entity.name}.${path}`));
      await inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
        insertRow(tx, entity, 'alpha', 'admin@alpha', body),
      );
      // A kind whose every route is its domain's (a user's notifications, a record's notes) is read back as stored.
      const stored =
        entity.domainRoutes === 'all'
          ? await inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, async (tx) => {
              const row = await findOne(tx, entity, 'alpha', `${entity.prefix}LONG`);
              return row && toDocument(row);
            })
          : await (async () => {
              const read = await t.call('GET', `/api/${entity.route}/${entity.prefix}LONG`, t.alpha.headers);
              expect(read.statusCode, read.body.slice(0, 500)).toBe(200);
              return read.json();
            })();
      expect(stored).toBeTruthy();
      for (const { path } of paths) expect(valueAt(stored, path), path).toBe(valueAt(body, path));
    },
  );

  it('users: the longest names are written and read back', async () => {
    const user = entities.find((e) => e.name === 'User')!;
    const paths = freeTextPaths(user);
    const body: Record<string, unknown> = { username: 'long@alpha', lastName: 'Long' };
    for (const { path, field } of paths) setAt(body, user.fields, path, filler(longest(field), path));
    const created = await t.call('POST', '/api/core/users', t.alpha.headers, body);
    expect(created.statusCode, created.body.slice(0, 500)).toBe(201);
    const read = (await t.call('GET', '/api/core/users/long@alpha', t.alpha.headers)).json();
    for (const { path } of paths) expect(valueAt(read, path), path).toBe(valueAt(body, path));
  });
});

describe('a long text sorts and filters whole', () => {
  it('values alike in their indexed prefix are ordered by the whole value, both ways', async () => {
    const common = filler(600, 'common');
    const names = ['sort b', 'sort a', 'sort c', 'sort d'];
    const descriptions = [`${common}b`, `${common}a`, `${common}c`, 'short'];
    for (const [i, name] of names.entries())
      expect(
        (await t.call('POST', '/api/case/claims', t.alpha.headers, { name, description: descriptions[i] })).statusCode,
      ).toBe(201);
    const expected = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) =>
      (
        await sql<{ name: string }>`SELECT name FROM ${sql.table(entityOf('Claim').table)}
          WHERE tenant = 'alpha' AND name LIKE 'sort %' ORDER BY data ->> 'description', registration`.execute(tx)
      ).rows.map((r) => r.name),
    );
    expect(expected).toEqual(['sort d', 'sort a', 'sort b', 'sort c']);
    for (const [sort, order] of [
      ['description', expected],
      ['-description', [...expected].reverse()],
    ] as const) {
      const res = await t.call(
        'GET',
        `/api/case/claims?name=${encodeURIComponent('^sort ')}&sort=${sort}`,
        t.alpha.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((c: { name: string }) => c.name)).toEqual(order);
    }
    // Equality on a long text field: a value shorter than the prefix matches only itself.
    const short = await t.call('GET', '/api/case/claims?description=short', t.alpha.headers);
    expect(short.json().map((c: { name: string }) => c.name)).toEqual(['sort d']);
  });
});

const entityOf = (name: string): Entity => entities.find((e) => e.name === name)!;
