import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { inTenant } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';
import type { SearchAnswer } from './search.operation.ts';

/** The global search's index and route: kept by every write, per tenant, per permission, ranked. */
let t: TestApp;
let noInvoices: SignedInUser;
let person: { registration: string };
let contract: { registration: string; _version: number };

const call: TestApp['call'] = (...args) => t.call(...args);
const search = async (user: { headers: Record<string, string> }, query: string): Promise<SearchAnswer> => {
  const res = await call('GET', `/api/search?${query}`, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const hitsOf = (answer: SearchAnswer, kind: string) =>
  answer.groups.find((g) => g.entity === kind)?.hits.map((h) => h.registration) ?? [];
const created = async (user: TestUser, route: string, body: object) => {
  const res = await call('POST', `/api/${route}`, user.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** Records of a kind served by its own domain (notes, documents) written by the generic storage. */
const stored = (tenant: string, kind: string, doc: Record<string, unknown>) =>
  inTenant(t.db.database.db, { tenant, user: 'test' }, (tx) => insertRow(tx, entityByName(kind)!, tenant, 'test', doc));
const indexRows = (tenant: string) =>
  inTenant(
    t.db.database.db,
    { tenant, user: 'test' },
    async (tx) =>
      (
        await sql<{ kind: string; registration: string; words: string[] }>`
        SELECT kind, registration, words FROM search_entry ORDER BY kind, registration`.execute(tx)
      ).rows,
  );

beforeAll(async () => {
  t = await createTestApp();
  const saved = await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, {
    SALES: ['read /api/person/persons', 'read /api/financing/contracts', 'read /api/financing/deals', 'read Note'],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  noInvoices = await createUser(t.app, t.alpha.headers, {
    username: 'sales@alpha',
    lastName: 'Sales',
    profiles: ['SALES'],
  });
  person = await created(t.alpha, 'person/persons', {
    type: 'C',
    name: 'Dupont Équipements',
    email: 'compta@dupont.example',
    registrations: [{ type: 'SIR', number: '552081317' }],
    bankAccounts: [{ name: 'Main', bankIban: 'FR7630006000011234567890189' }],
  });
  contract = await created(t.alpha, 'financing/contracts', {
    name: 'Fleet lease',
    persons: [{ role: 'CLIENT', personRegistration: person.registration, name: 'Dupont Équipements' }],
  });
  await created(t.alpha, 'financing/deals', {
    name: 'Fleet renewal',
    persons: [{ role: 'CLIENT', personRegistration: person.registration, name: 'Dupont Équipements' }],
  });
  await created(t.alpha, 'billing/invoices', {
    invoiceNumber: 'F2025-000417',
    contractRegistration: contract.registration,
    persons: [{ role: 'CLIENT', personRegistration: person.registration, name: 'Dupont Équipements' }],
  });
  await created(t.alpha, 'asset/assets', {
    name: 'Renault Master',
    identificationNumber: 'VF1MA000123456789',
    licenceNumber: 'AB-123-CD',
  });
  await stored('alpha', 'Document', {
    registration: 'DOC900001',
    name: 'Dupont lease agreement.pdf',
    entityName: 'Contract',
    entityRegistration: contract.registration,
  });
  await stored('alpha', 'Note', {
    registration: 'NOT900001',
    text: 'Called Dupont about the overdue quarterly rent',
    entityName: 'Contract',
    entityRegistration: contract.registration,
  });
  await stored('alpha', 'Note', {
    registration: 'NOT900002',
    text: 'Dupont asked for a duplicate of the quarterly invoice',
    entityName: 'Invoice',
    entityRegistration: 'INV-X',
  });
  // The other tenant holds a client of the same name.
  await created(t.beta, 'person/persons', { type: 'C', name: 'Dupont Beta' });
});
afterAll(async () => {
  await t?.close();
});

describe('the search index', () => {
  it('finds a client with a typo, grouped by kind, each hit with the route that opens it', async () => {
    const answer = await search(t.alpha, 'q=dupnot');
    expect(hitsOf(answer, 'Person')).toEqual([person.registration]);
    expect(hitsOf(answer, 'Contract')).toEqual([contract.registration]);
    expect(hitsOf(answer, 'Deal')).toHaveLength(1);
    expect(hitsOf(answer, 'Invoice')).toHaveLength(1);
    const hit = answer.groups.find((g) => g.entity === 'Contract')!.hits[0];
    expect(hit).toMatchObject({
      entity: 'Contract',
      label: 'Fleet lease',
      snippet: 'Dupont Équipements',
      route: `/contract/${contract.registration}`,
    });
    expect(hit.score).toBeGreaterThan(0);
    expect(hit.score).toBeLessThan(1);
    // A note opens the record it is on.
    const notes = answer.groups.find((g) => g.entity === 'Note')!.hits;
    expect(notes.find((h) => h.registration === 'NOT900001')!.route).toBe(`/contract/${contract.registration}`);
  });

  it('finds accents folded and words as typed above typos', async () => {
    const answer = await search(t.alpha, 'q=EQUIPEMENTS&kinds=Person');
    expect(hitsOf(answer, 'Person')).toEqual([person.registration]);
    expect(answer.groups[0].hits[0].score).toBeGreaterThanOrEqual(1);
  });

  it('finds registration numbers, IBANs typed grouped or not, invoice numbers, serial numbers and plates', async () => {
    const siren = await search(t.alpha, 'q=552081317');
    expect(siren.groups[0].entity).toBe('Person');
    expect(siren.groups[0].hits[0]).toMatchObject({ registration: person.registration, score: 3 });
    expect(hitsOf(await search(t.alpha, 'q=FR76 3000 6000 01'), 'Person')).toEqual([person.registration]);
    expect(hitsOf(await search(t.alpha, 'q=1234567890'), 'Person')).toEqual([person.registration]);
    const invoice = await search(t.alpha, 'q=F2025-000417');
    expect(invoice.groups[0]).toMatchObject({ entity: 'Invoice', count: 1 });
    expect(invoice.groups[0].hits[0].score).toBe(3);
    expect(hitsOf(await search(t.alpha, 'q=VF1MA000123'), 'Asset')).toHaveLength(1);
    expect(hitsOf(await search(t.alpha, 'q=ab-123-cd'), 'Asset')).toHaveLength(1);
    expect(hitsOf(await search(t.alpha, 'q=lease agreement'), 'Document')).toEqual(['DOC900001']);
    expect(hitsOf(await search(t.alpha, 'q=overdue rent'), 'Note')).toEqual(['NOT900001']);
  });

  it('ranks an identifier typed whole first, then its start, then words', async () => {
    const a = await created(t.alpha, 'financing/contracts', { name: 'Ranking A' });
    const prefix = a.registration.slice(0, -1);
    // Other contracts of the same registration start, and one whose name holds that text.
    await created(t.alpha, 'financing/contracts', { name: 'Ranking B' });
    await created(t.alpha, 'financing/contracts', { name: `Mentions ${a.registration} in its name` });
    const answer = await search(t.alpha, `q=${a.registration}&kinds=Contract&limit=10`);
    const [first, ...rest] = answer.groups[0].hits;
    expect(first).toMatchObject({ registration: a.registration, score: 3 });
    expect(rest.every((h) => h.score <= 3)).toBe(true);
    const byPrefix = await search(t.alpha, `q=${prefix}&kinds=Contract&limit=50`);
    expect(byPrefix.groups[0].hits.filter((h) => h.score === 2).length).toBeGreaterThanOrEqual(2);
    const scores = byPrefix.groups[0].hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });

  it('follows updates, transitions and deletes of the indexed kinds', async () => {
    const renamed = await call('PATCH', `/api/financing/contracts/${contract.registration}`, t.alpha.headers, {
      name: 'Yacht charter',
      _version: contract._version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(hitsOf(await search(t.alpha, 'q=yacht charter'), 'Contract')).toEqual([contract.registration]);
    expect(hitsOf(await search(t.alpha, 'q=fleet lease'), 'Contract')).toEqual([]);
    const activated = await call(
      'GET',
      `/api/person/persons/${person.registration}/transitions/ACTIVATE`,
      t.alpha.headers,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    expect(hitsOf(await search(t.alpha, 'q=dupont'), 'Person')).toEqual([person.registration]);
    const other = await created(t.alpha, 'asset/assets', { name: 'Forklift Linde', licenceNumber: 'ZZ-999-ZZ' });
    expect(hitsOf(await search(t.alpha, 'q=forklift'), 'Asset')).toEqual([other.registration]);
    const deleted = await call('DELETE', `/api/asset/assets/${other.registration}`, t.alpha.headers);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(hitsOf(await search(t.alpha, 'q=forklift'), 'Asset')).toEqual([]);
    expect((await indexRows('alpha')).some((r) => r.registration === other.registration)).toBe(false);
  });

  it('is rebuilt idempotently from the records', async () => {
    const before = await indexRows('alpha');
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
      sql`DELETE FROM search_entry WHERE kind IN ('Person', 'Note')`.execute(tx),
    );
    expect(hitsOf(await search(t.alpha, 'q=dupont'), 'Person')).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/search/rebuild', t.alpha.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().indexed.Person).toBe(1);
      expect(await indexRows('alpha')).toEqual(before);
    }
    expect((await call('POST', '/api/search/rebuild', noInvoices.headers)).statusCode).toBe(403);
  });

  it("keeps to the caller's tenant", async () => {
    const beta = await search(t.beta, 'q=dupont');
    expect(beta.groups.map((g) => g.entity)).toEqual(['Person']);
    expect(beta.groups[0].hits.map((h) => h.label)).toEqual(['Dupont Beta']);
    const alpha = await search(t.alpha, 'q=dupont beta');
    expect(alpha.groups.flatMap((g) => g.hits.map((h) => h.label))).not.toContain('Dupont Beta');
    expect((await indexRows('beta')).every((r) => !r.words.includes('equipements'))).toBe(true);
    expect((await indexRows('alpha')).some((r) => r.words.includes('equipements'))).toBe(true);
  });

  it('shows only the kinds the user may read, and notes only on records it may read', async () => {
    const answer = await search(noInvoices, 'q=dupont');
    expect(answer.groups.map((g) => g.entity).sort()).toEqual(['Contract', 'Deal', 'Note', 'Person']);
    expect(hitsOf(answer, 'Note')).toEqual(['NOT900001']);
    expect((await search(noInvoices, 'q=F2025-000417')).groups).toEqual([]);
    expect((await search(noInvoices, 'q=dupont&kinds=Invoice')).groups).toEqual([]);
    const admin = await search(t.alpha, 'q=dupont');
    expect(hitsOf(admin, 'Note').sort()).toEqual(['NOT900001', 'NOT900002']);
  });

  it('answers a bad query with a 400 naming the field', async () => {
    const refused = async (query: string, message: string) => {
      const res = await call('GET', `/api/search?${query}`, t.alpha.headers);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refused('', 'Missing field q in query');
    await refused('q=%20%20', 'Missing field q in query');
    await refused('q=ab', 'Invalid field q in query: at least 3 characters are needed');
    await refused(`q=${'x'.repeat(101)}`, 'Invalid field q in query: at most 100 characters');
    await refused('q=dupont&limit=0', 'Invalid field limit in query: an integer from 1 to 50');
    await refused('q=dupont&limit=abc', 'Invalid field limit in query: an integer from 1 to 50');
    await refused('q=dupont&kinds=Posting', 'Invalid field kinds in query: Posting is not searched');
    expect((await call('GET', '/api/search?q=dupont')).statusCode).toBe(401);
  });
});
