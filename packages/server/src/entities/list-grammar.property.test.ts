import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entityByName } from '@lbo/model/entity-registry';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';
import { bulkInsert } from '../seed/bulk-insert.ts';

/**
 * The list grammar against an in-memory filter of the same rows: for random queries the API
 * answers exactly the registrations the reference filter selects, in the same order.
 */
type Row = {
  registration: string;
  status: string;
  name: string;
  financedAmountExclTax: number;
  startDate: string;
  duration: number;
  persons: { role: string; personRegistration: string }[];
  quotations?: { financialProduct: string }[];
};

const statuses = ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'TERMINATED'];
const clients = ['PER000001', 'PER000002', 'PER000003', 'PER000004'];
const words = ['Lease', 'lease', 'Loan', 'Rental', 'Fleet', 'fleet'];
const products = ['LEASE', 'LOAN', 'RENTAL'];

// Free text: one word (any part of a word), several words (whole middle words, a start of the
// last, an end of the first), doubled spaces, quotes and backslashes.
const searches = [
  'lease',
  'ase 1',
  'lease 1',
  'ct000001 lea',
  'fleet  3',
  "o'x \\ y",
  'an 9',
  'loan',
  'ase fle',
  'eet loa',
  'ental lease 12',
  '1 lease fle',
  'ase  fle',
  'ct000004 loan',
  "o'x \\ you",
];

const rowArb = fc.record({
  status: fc.constantFrom(...statuses),
  name: fc
    .tuple(fc.constantFrom(...words), fc.constantFrom(...words), fc.integer({ min: 1, max: 99 }))
    .map(([w, v, n]) => `${w} ${v} ${n}`),
  financedAmountExclTax: fc.integer({ min: 100000, max: 20000000 }).map((c) => c / 100),
  startDate: fc
    .date({ min: new Date('2023-01-01'), max: new Date('2025-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  duration: fc.constantFrom(24, 36, 48, 60),
  client: fc.constantFrom(...clients),
  partner: fc.constantFrom(...clients),
  // The financial products of the contract's quotations: none (no list), an empty list, one or two.
  products: fc.option(fc.subarray(products, { maxLength: 2 }), { nil: undefined }),
});

const queryArb = fc.record({
  status: fc.option(
    fc.subarray(statuses, { minLength: 1 }).chain((s) => fc.boolean().map((exclude) => ({ values: s, exclude }))),
    { nil: undefined },
  ),
  minAmount: fc.option(fc.integer({ min: 1000, max: 200000 }), { nil: undefined }),
  maxAmount: fc.option(fc.integer({ min: 1000, max: 200000 }), { nil: undefined }),
  from: fc.option(
    fc
      .date({ min: new Date('2023-01-01'), max: new Date('2025-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    { nil: undefined },
  ),
  to: fc.option(
    fc
      .date({ min: new Date('2023-01-01'), max: new Date('2025-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    { nil: undefined },
  ),
  client: fc.option(fc.subarray(clients, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  name: fc.option(fc.constantFrom('^lease', 'fleet', 'an', '^Loan [1-3]', 'l.a'), { nil: undefined }),
  duration: fc.option(fc.constantFrom(24, 36, 48, 60), { nil: undefined }),
  product: fc.option(
    fc.subarray(products, { minLength: 1 }).chain((s) => fc.boolean().map((exclude) => ({ values: s, exclude }))),
    { nil: undefined },
  ),
  search: fc.option(fc.constantFrom(...searches), { nil: undefined }),
  sort: fc.constantFrom('registration', '-financedAmountExclTax', 'startDate', '-duration'),
});

type Q = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;

let t: TestApp;
let rows: Row[];

beforeAll(async () => {
  t = await createTestApp();
  const generated = fc.sample(rowArb, { numRuns: 60, seed: 42 });
  rows = generated.map((r, i) => ({
    registration: `CT${String(i + 1).padStart(6, '0')}`,
    status: r.status,
    name: r.name,
    financedAmountExclTax: r.financedAmountExclTax,
    startDate: r.startDate,
    duration: r.duration,
    persons: [
      { role: 'CLIENT', personRegistration: r.client },
      { role: 'PARTNER', personRegistration: r.partner },
    ],
    ...(r.products ? { quotations: r.products.map((financialProduct) => ({ financialProduct })) } : {}),
  }));
  await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, (tx) =>
    bulkInsert(tx, entityByName('Contract')!, 'alpha', 'test', rows),
  );
});
afterAll(async () => {
  await t?.close();
});

const day = (d: string) => d.replace(/-/g, '');

function reference(q: Q): string[] {
  const selected = rows.filter(
    (r) =>
      (!q.status || (q.status.exclude ? !q.status.values.includes(r.status) : q.status.values.includes(r.status))) &&
      (q.minAmount === undefined || r.financedAmountExclTax >= q.minAmount) &&
      (q.maxAmount === undefined || r.financedAmountExclTax <= q.maxAmount) &&
      (q.from === undefined || r.startDate >= q.from) &&
      (q.to === undefined || r.startDate <= q.to) &&
      (!q.client || r.persons.some((p) => p.role === 'CLIENT' && q.client!.includes(p.personRegistration))) &&
      (!q.name || new RegExp(q.name, 'i').test(r.name)) &&
      (q.duration === undefined || r.duration === q.duration) &&
      // Items of a list: a contract without the list matches neither a value nor its exclusion.
      (!q.product ||
        (r.quotations !== undefined &&
          q.product.exclude !== r.quotations.some((i) => q.product!.values.includes(i.financialProduct)))) &&
      // As declared for contracts: registration and name, joined by a space.
      (!q.search || `${r.registration} ${r.name}`.toLowerCase().includes(q.search)),
  );
  const key = q.sort.replace('-', '') as keyof Row;
  const dir = q.sort.startsWith('-') ? -1 : 1;
  return selected
    .sort(
      (a, b) => (a[key] === b[key] ? 0 : (a[key] as number | string) < (b[key] as number | string) ? -dir : dir) || 0,
    )
    .map((r) => r.registration);
}

function toUrl(q: Q): string {
  const p = new URLSearchParams();
  if (q.status) p.set('status', q.status.values.map((s) => (q.status!.exclude ? `-${s}` : s)).join(','));
  if (q.minAmount !== undefined) p.set('minFinancedAmountExclTax', String(q.minAmount));
  if (q.maxAmount !== undefined) p.set('maxFinancedAmountExclTax', String(q.maxAmount));
  if (q.from) p.set('fromStartDate', day(q.from));
  if (q.to) p.set('toStartDate', day(q.to));
  if (q.client) p.set('client', q.client.join(','));
  if (q.name) p.set('name', q.name);
  if (q.duration !== undefined) p.set('duration', String(q.duration));
  if (q.product) p.set('financialProduct', q.product.values.map((v) => (q.product!.exclude ? `-${v}` : v)).join(','));
  if (q.search) p.set('search', q.search);
  p.set('sort', q.sort);
  p.set('range', '[0-249]');
  p.set('count', 'exact');
  return `/api/financing/contracts?${p}`;
}

describe('list grammar', () => {
  it('selects and orders exactly as the reference filter', async () => {
    expect(entityByName('Contract')!.textSearch).toEqual(['registration', 'name']);
    await fc.assert(
      fc.asyncProperty(queryArb, async (q) => {
        const res = await t.app.inject({ url: toUrl(q), headers: t.alpha.headers });
        expect(res.statusCode, res.body).toBe(200);
        const got = (res.json() as Row[]).map((r) => r.registration);
        const want = reference(q);
        // Ties in the sort key may come in any order: compare as ordered groups of equal keys.
        expect([...got].sort()).toEqual([...want].sort());
        const key = q.sort.replace('-', '') as keyof Row;
        const byReg = new Map(rows.map((r) => [r.registration, r]));
        expect(got.map((g) => byReg.get(g)![key])).toEqual(want.map((w) => byReg.get(w)![key]));
        expect(res.headers['pagination-size']).toBe(String(want.length));
      }),
      { numRuns: 160, seed: 7 },
    );
  });

  it('finds by free text exactly the rows whose text holds the search', async () => {
    let found = 0;
    for (const search of searches) {
      const q = { search, sort: 'registration' } as Q;
      const res = await t.app.inject({ url: toUrl(q), headers: t.alpha.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (res.json() as Row[]).map((r) => r.registration),
        search,
      ).toEqual(reference(q));
      found += reference(q).length;
    }
    expect(found).toBeGreaterThan(20);
  });

  it('pages through the same order without gaps or repeats', async () => {
    const all: string[] = [];
    for (let page = 1; page <= 7; page++) {
      const res = await t.app.inject({
        url: `/api/financing/contracts?sort=-financedAmountExclTax&page=${page}&limit=10`,
        headers: t.alpha.headers,
      });
      all.push(...(res.json() as Row[]).map((r) => r.registration));
      expect(res.headers['pagination-continues']).toBe(String(page * 10 < rows.length));
      // Counted while pages follow, known without counting on the last page and past it.
      expect(res.headers['pagination-size']).toBe(String(rows.length));
    }
    expect(all).toEqual(
      [...rows]
        .sort((a, b) => b.financedAmountExclTax - a.financedAmountExclTax || (a.registration < b.registration ? -1 : 1))
        .map((r) => r.registration)
        .slice(0, all.length),
    );
    expect(new Set(all).size).toBe(rows.length);
  });
});
