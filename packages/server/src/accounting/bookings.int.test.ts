import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Manual entries and inventories through the API: a draft may be unbalanced, a request may not;
 * posting writes one balanced event whose postings are the lines (a client line on the client's
 * sub-ledger), dated in the first open month when its own is closed; a posted entry is frozen and
 * reversed; bad lines are refused naming the line; another tenant sees nothing. An inventory
 * snapshots the balances at its date, which balance, and is frozen once validated.
 */
let t: TestApp;
type Doc = Record<string, unknown> & { registration: string };
type Posting = Doc & { dc: 'D' | 'C'; amount: number; account: string; date: string; personRegistration?: string };
const call = (method: string, url: string, body?: unknown, headers = t.alpha.headers) =>
  t.call(method, url, headers, body);
const ok = async (method: string, url: string, body?: unknown) => {
  const res = await call(method, url, body);
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return res.json() as Doc;
};
const run = (registration: string, code: string, route = 'bookings', headers = t.alpha.headers) =>
  call('GET', `/api/accounting/${route}/${registration}/transitions/${code}`, undefined, headers);
const postingsOf = async (event: string) =>
  (await call('GET', `/api/accounting/postings?postingEventRegistration=${event}&range=[0-99]`)).json() as Posting[];
const cents = (v: number) => Math.round(v * 100);

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('manual entries', () => {
  let entry: Doc;

  it('a draft keeps its totals; a request refuses it unbalanced, then takes it balanced', async () => {
    entry = await ok('POST', '/api/accounting/bookings', {
      name: 'Provision for a doubtful client',
      date: '2026-03-31',
      entryLines: [
        { account: '681740', dc: 'D', amount: 1250.55, label: 'Provision' },
        { account: '491000', dc: 'C', amount: 1250.5, label: 'Provision' },
      ],
    });
    expect(entry).toMatchObject({
      status: 'DRAFT',
      journal: 'OD',
      currency: 'EUR',
      totalDebit: 1250.55,
      totalCredit: 1250.5,
    });
    const refused = await run(entry.registration, 'REQUEST');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'POSTING_UNBALANCED' });
    expect(refused.json().message).toContain('0.05');
    expect((await ok('GET', `/api/accounting/bookings/${entry.registration}`)).status).toBe('DRAFT');
    entry = await ok('PATCH', `/api/accounting/bookings/${entry.registration}`, {
      _version: entry._version,
      entryLines: [
        { account: '681740', dc: 'D', amount: 1250.55, label: 'Provision' },
        { account: '491000', dc: 'C', amount: 1000, label: 'Provision' },
        { account: '411000', dc: 'C', amount: 250.55, label: 'Client share', personRegistration: 'PER-CLIENT-1' },
      ],
    });
    expect(entry).toMatchObject({ totalDebit: 1250.55, totalCredit: 1250.55 });
    expect((await run(entry.registration, 'REQUEST')).statusCode).toBe(200);
  });

  it('bad lines are refused naming the line, and nothing is written', async () => {
    const before = (await call('GET', '/api/accounting/bookings?range=[0-99]')).json().length;
    for (const [line, field, code] of [
      [{ account: '512000', dc: 'D', amount: -5 }, 'entryLines[0].amount', 'INVALID_FIELD_VALUE'],
      [{ account: '512000', dc: 'D', amount: 10.001 }, 'entryLines[0].amount', 'INVALID_FIELD_VALUE'],
      [{ account: '', dc: 'D', amount: 10 }, 'entryLines[0].account', 'MISSING_FIELD_IN_BODY'],
    ] as const) {
      const res = await call('POST', '/api/accounting/bookings', {
        name: 'Bad',
        date: '2026-03-31',
        entryLines: [line, { account: '627000', dc: 'C', amount: 10 }],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code });
      expect(res.json().message).toContain(field);
    }
    expect((await call('GET', '/api/accounting/bookings?range=[0-99]')).json().length).toBe(before);
  });

  it('posting writes one balanced event whose postings are the lines, the client line on its sub-ledger', async () => {
    expect((await run(entry.registration, 'POST')).statusCode).toBe(200);
    entry = await ok('GET', `/api/accounting/bookings/${entry.registration}`);
    expect(entry).toMatchObject({ status: 'POSTED', postingDate: '2026-03-31' });
    const event = await ok('GET', `/api/accounting/posting-events/${String(entry.postingEventRegistration)}`);
    expect(event).toMatchObject({
      eventType: 'MANUAL_ENTRY',
      sourceEntity: 'Booking',
      sourceRegistration: entry.registration,
      postingCount: 3,
      journal: 'OD',
    });
    const postings = await postingsOf(event.registration);
    expect(postings.reduce((s, p) => s + (p.dc === 'D' ? cents(p.amount) : -cents(p.amount)), 0)).toBe(0);
    expect(postings.map((p) => [p.account, p.dc, p.amount]).sort()).toEqual([
      ['411000', 'C', 250.55],
      ['491000', 'C', 1000],
      ['681740', 'D', 1250.55],
    ]);
    expect(postings.find((p) => p.account === '411000')).toMatchObject({
      personRegistration: 'PER-CLIENT-1',
      type: 'MANUAL',
    });
    const statement = await ok('GET', '/api/accounting/account-statement?person=PER-CLIENT-1');
    expect(JSON.stringify(statement)).toContain(event.registration);
  });

  it('a posted entry is frozen; it is reversed by the opposite postings', async () => {
    for (const [method, body] of [
      ['PATCH', { name: 'Changed', _version: entry._version }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/accounting/bookings/${entry.registration}`, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('RECORD_FROZEN');
    }
    expect((await run(entry.registration, 'REVERSE')).statusCode).toBe(200);
    const reversed = await ok('GET', `/api/accounting/bookings/${entry.registration}`);
    expect(reversed.status).toBe('REVERSED');
    const reversal = await postingsOf(String(reversed.reversalEventRegistration));
    const original = await postingsOf(String(reversed.postingEventRegistration));
    const net = new Map<string, number>();
    for (const p of [...original, ...reversal])
      net.set(p.account, (net.get(p.account) ?? 0) + (p.dc === 'D' ? cents(p.amount) : -cents(p.amount)));
    expect([...net.values()].every((v) => v === 0)).toBe(true);
    expect((await run(entry.registration, 'REVERSE')).statusCode).toBe(409);
  });

  it('an entry dated in a closed month posts into the first open one', async () => {
    expect((await call('POST', '/api/accounting/periods/close', { month: '2026-01' })).statusCode).toBe(200);
    const closed = await ok('POST', '/api/accounting/bookings', {
      name: 'Late bank charges',
      date: '2026-01-20',
      entryLines: [
        { account: '627000', dc: 'D', amount: 12.4 },
        { account: '512000', dc: 'C', amount: 12.4 },
      ],
    });
    for (const code of ['REQUEST', 'POST']) expect((await run(closed.registration, code)).statusCode).toBe(200);
    const posted = await ok('GET', `/api/accounting/bookings/${closed.registration}`);
    expect(posted.postingDate).toBe('2026-02-01');
    expect((await postingsOf(String(posted.postingEventRegistration))).every((p) => p.date === '2026-02-01')).toBe(
      true,
    );
  });

  it('another tenant neither reads nor moves an entry', async () => {
    expect(
      (await call('GET', `/api/accounting/bookings/${entry.registration}`, undefined, t.beta.headers)).statusCode,
    ).toBe(404);
    expect((await run(entry.registration, 'REVERSE', 'bookings', t.beta.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/accounting/bookings?range=[0-99]', undefined, t.beta.headers)).json()).toEqual([]);
  });
});

describe('inventories', () => {
  it('snapshot the balances at their date, which balance, and stay as they were once validated', async () => {
    const inventory = await ok('POST', '/api/accounting/inventories', {
      name: 'Balances at 31 March',
      date: '2026-03-31',
    });
    expect((await run(inventory.registration, 'START', 'inventories')).statusCode).toBe(200);
    const started = await ok('GET', `/api/accounting/inventories/${inventory.registration}`);
    const lines = started.balances as { account: string; debit: number; credit: number; balance: number }[];
    // The provision and its reversal (dated today, after the 31st: not in it), the late charges of February.
    expect(lines.find((l) => l.account === '627000')).toMatchObject({ debit: 12.4, credit: 0, balance: 12.4 });
    expect(lines.find((l) => l.account === '681740')).toMatchObject({ debit: 1250.55 });
    expect(cents(started.totalDebit as number)).toBe(cents(started.totalCredit as number));
    expect(started.accountCount).toBe(lines.length);

    // A later entry dated before the inventory's day is taken by the next snapshot (COMPLETE), not after validation.
    const later = await ok('POST', '/api/accounting/bookings', {
      name: 'Charges',
      date: '2026-03-15',
      entryLines: [
        { account: '627000', dc: 'D', amount: 7.6 },
        { account: '512000', dc: 'C', amount: 7.6 },
      ],
    });
    for (const code of ['REQUEST', 'POST']) expect((await run(later.registration, code)).statusCode).toBe(200);
    for (const code of ['COMPLETE', 'VALIDATE'])
      expect((await run(inventory.registration, code, 'inventories')).statusCode).toBe(200);
    const validated = await ok('GET', `/api/accounting/inventories/${inventory.registration}`);
    expect(
      (validated.balances as { account: string; balance: number }[]).find((l) => l.account === '627000')!.balance,
    ).toBe(20);
    expect(validated.validationDate).toBeTruthy();
    const res = await call('PATCH', `/api/accounting/inventories/${inventory.registration}`, {
      date: '2026-04-30',
      _version: validated._version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RECORD_FROZEN');
  });
});
