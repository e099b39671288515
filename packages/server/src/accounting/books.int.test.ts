import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cents, lifecycleClient } from '../testing/lifecycle-client.ts';
import { fecColumns } from './fec.ts';
import { earnedIn, interestSpreads } from './lessor.ts';

/**
 * The books on a contract's life through the API: its activation, its invoices issued, a payment
 * allocated and reversed, each posted once by the demo rules and balanced; the database refusing
 * an unbalanced event, a changed or deleted posting; a reversal; a posting into a closed month;
 * the trial balance, the client's sub-ledger and the FEC export.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let contract = '';
let payer = '';
type Doc = Record<string, unknown> & { registration: string };
type Posting = Doc & {
  dc: 'D' | 'C';
  amount: number;
  account: string;
  currency: string;
  date: string;
  postingEventRegistration: string;
};

const list = async (url: string) => {
  const res = await c.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Doc[];
};
const eventsOf = (source: string) => list(`/api/accounting/posting-events?sourceRegistration=${source}&range=[0-99]`);
const postingsOf = async (event: string) =>
  (await list(`/api/accounting/postings?postingEventRegistration=${event}&range=[0-99]`)) as Posting[];
const balanceOf = (postings: Posting[]) =>
  postings.reduce((s, p) => s + (p.dc === 'D' ? cents(p.amount) : -cents(p.amount)), 0);
const scope = () => ({ tenant: t.alpha.tenant, user: t.alpha.username });
let issued: Doc[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  contract = (await c.activeContract(catalog)).contract.registration;
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31');
  expect(res.statusCode, res.body).toBe(200);
  const receivables = (res.json() as (Doc & { pr: string; dueDate: string })[])
    .filter((i) => i.pr === 'R')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const i of receivables.slice(0, 4))
    expect((await c.call('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
  issued = await Promise.all(
    receivables
      .slice(0, 4)
      .map(async (i) => (await c.call('GET', `/api/billing/invoices/${i.registration}`)).json() as Doc),
  );
  payer = (issued[0].persons as { role: string; personRegistration: string }[]).find(
    (p) => p.role === 'PAYER',
  )!.personRegistration;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('business events', () => {
  it('the activation is posted once, balanced, as a finance lease’s net investment', async () => {
    const [event, ...more] = await eventsOf(contract);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      eventType: 'CONTRACT_ACTIVATION',
      status: 'PROCESSED',
      contractRegistration: contract,
      postingCount: 2,
    });
    const postings = await postingsOf(event.registration);
    expect(balanceOf(postings)).toBe(0);
    const financed = (await c.call('GET', `/api/financing/contracts/${contract}`)).json()
      .financedAmountExclTax as number;
    expect(postings.map((p) => [p.account, p.dc, p.amount])).toEqual(
      expect.arrayContaining([
        ['274000', 'D', financed],
        ['238000', 'C', financed],
      ]),
    );
  });

  it('each issued invoice is posted once and balanced: client, net investment billed, VAT', async () => {
    for (const invoice of issued) {
      const events = await eventsOf(invoice.registration);
      expect(events.length, invoice.registration).toBe(1);
      expect(events[0]).toMatchObject({
        eventType: 'INVOICE_ISSUED',
        invoiceRegistration: invoice.registration,
        personRegistration: payer,
      });
      const postings = await postingsOf(events[0].registration);
      expect(balanceOf(postings)).toBe(0);
      const client = postings.find((p) => p.account === '411000')!;
      expect(client).toMatchObject({
        dc: 'D',
        amount: invoice.amountInclTax,
        personRegistration: payer,
        status: 'VALIDATED',
      });
      const credit = postings.filter((p) => p.dc === 'C').reduce((s, p) => s + cents(p.amount), 0);
      expect(credit).toBe(cents(invoice.amountInclTax as number));
    }
  });

  it('a payment allocated is posted; its reversal posts the opposite entry referencing it', async () => {
    const invoice = issued[0];
    const cf = await c.call('POST', '/api/billing/cashflows', {
      name: 'Transfer',
      type: 'RECEIPT',
      pr: 'R',
      paymentMode: 'TRANSFER',
      amount: invoice.amountInclTax,
      currency: 'EUR',
      valueDate: '2026-01-10',
      persons: [{ role: 'PAYER', personRegistration: payer }],
    });
    expect(cf.statusCode, cf.body).toBe(201);
    expect(
      (await c.call('GET', `/api/billing/cashflows/${cf.json().registration}/transitions/VALIDATE`)).statusCode,
    ).toBe(200);
    const allocated = await c.call('POST', `/api/billing/cashflows/${cf.json().registration}/allocate`, {
      allocations: [{ invoiceRegistration: invoice.registration, amount: invoice.amountInclTax }],
      date: '2026-01-10',
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    const allocation = (await list(`/api/billing/cashflow-allocations?invoiceRegistration=${invoice.registration}`))[0];
    const [payment] = await eventsOf(allocation.registration);
    expect(payment).toMatchObject({ eventType: 'PAYMENT_RECEIVED', date: '2026-01-10', amount: invoice.amountInclTax });
    const paid = await postingsOf(payment.registration);
    expect(paid.map((p) => [p.account, p.dc])).toEqual(
      expect.arrayContaining([
        ['512000', 'D'],
        ['411000', 'C'],
      ]),
    );

    expect(
      (await c.call('POST', `/api/billing/cashflow-allocations/${allocation.registration}/reverse`)).statusCode,
    ).toBe(200);
    const events = await eventsOf(allocation.registration);
    expect(events).toHaveLength(2);
    const reversal = events.find((e) => e.reversedEventRegistration === payment.registration)!;
    expect(reversal).toBeDefined();
    const back = await postingsOf(reversal.registration);
    expect(balanceOf(back)).toBe(0);
    expect(back.map((p) => [p.account, p.dc, p.amount]).sort()).toEqual(
      paid.map((p) => [p.account, p.dc === 'D' ? 'C' : 'D', p.amount]).sort(),
    );
    // The original stays as it was.
    expect(await postingsOf(payment.registration)).toEqual(paid);
  });
});

describe('month end', () => {
  it('accrues the finance lease’s interest of a month from its schedule, once however often it runs', async () => {
    const leased = (await c.call('GET', `/api/financing/contracts/${contract}`)).json();
    const [y, m] = String(leased.startDate).split('-').map(Number);
    const month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const elements = await list(`/api/financing/contract-elements?contractRegistration=${contract}`);
    const expected = earnedIn(
      interestSpreads(
        leased.startDate,
        elements.flatMap((e) => (e.lines as { dueDate: string; interest: number }[]) ?? []),
        2,
      ),
      month,
    );
    expect(expected).toBeGreaterThan(0);
    for (let run = 0; run < 2; run++) {
      const res = await c.call('POST', '/api/accounting/month-end', { month });
      expect(res.statusCode, res.body).toBe(200);
      let status = '';
      for (let i = 0; i < 200 && status !== 'SUCCESS'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await c.call('GET', `/api/script/batches/${res.json().batchRegistration}`)).json().status;
      }
      expect(status).toBe('SUCCESS');
    }
    const events = await eventsOf(`${contract}@${month}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventType: 'INTEREST_ACCRUAL',
      contractRegistration: contract,
      amount: expected / 100,
    });
    const postings = await postingsOf(events[0].registration);
    expect(postings.map((p) => [p.account, p.dc, cents(p.amount)]).sort()).toEqual([
      ['274000', 'D', expected],
      ['762000', 'C', expected],
    ]);
    expect((await c.call('POST', '/api/accounting/month-end', { month: '2026-1' })).statusCode).toBe(400);
  });
});

describe('the database', () => {
  it('refuses an event whose postings do not balance, at commit', async () => {
    const write = (amounts: [string, number][]) =>
      inTenant(t.db.database.db, scope(), async (tx) => {
        for (const [i, [dc, amount]] of amounts.entries()) {
          await sql`INSERT INTO posting (tenant, registration, status, data) VALUES (${t.alpha.tenant}, ${`RAW${i}-${dc}${amount}`}, 'VALIDATED',
          ${JSON.stringify({ postingEventRegistration: `RAW-${amounts.length}-${amount}`, dc, amount, account: '471000', date: '2027-03-01', currency: 'EUR' })}::jsonb)`.execute(
            tx,
          );
        }
      });
    await expect(
      write([
        ['D', 100],
        ['C', 99.99],
      ]),
    ).rejects.toMatchObject({ code: 'LB002' });
    await expect(write([['D', 100]])).rejects.toMatchObject({ code: 'LB002' });
    await write([
      ['D', 50],
      ['C', 50],
    ]);
    const { rows } = await inTenant(t.db.database.db, scope(), (tx) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM posting WHERE registration LIKE 'RAW%'`.execute(tx),
    );
    expect(rows[0].n).toBe(2);
  });

  it('refuses a posting without its date, side or event, and checks an event written over several statements once at commit', async () => {
    const insert = (rows: Record<string, unknown>[]) =>
      inTenant(t.db.database.db, scope(), async (tx) => {
        for (const [i, data] of rows.entries())
          await sql`INSERT INTO posting (tenant, registration, status, data) VALUES (${t.alpha.tenant}, ${`CHK${i}-${String(data.postingEventRegistration ?? 'none')}`}, 'VALIDATED', ${JSON.stringify(data)}::jsonb)`.execute(
            tx,
          );
      });
    const line = { account: '471000', date: '2027-03-01', currency: 'EUR', amount: 10, dc: 'D' };
    await expect(insert([{ ...line, postingEventRegistration: 'CHK-A', date: undefined }])).rejects.toMatchObject({
      code: 'LB002',
    });
    await expect(insert([{ ...line, postingEventRegistration: 'CHK-B', dc: 'X' }])).rejects.toMatchObject({
      code: 'LB002',
    });
    await expect(insert([line])).rejects.toMatchObject({ code: 'LB002' });
    // Balanced over three statements of one transaction; then one more debit on it alone is refused.
    await insert([
      { ...line, postingEventRegistration: 'CHK-C', amount: 30 },
      { ...line, postingEventRegistration: 'CHK-C', dc: 'C', amount: 10 },
      { ...line, postingEventRegistration: 'CHK-C', dc: 'C', amount: 20 },
    ]);
    await expect(
      inTenant(t.db.database.db, scope(), (tx) =>
        sql`INSERT INTO posting (tenant, registration, status, data) VALUES (${t.alpha.tenant}, 'CHK-C-LATE', 'VALIDATED', ${JSON.stringify({ ...line, postingEventRegistration: 'CHK-C' })}::jsonb)`.execute(
          tx,
        ),
      ),
    ).rejects.toMatchObject({ code: 'LB002' });
    const { rows } = await inTenant(t.db.database.db, scope(), (tx) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM posting WHERE registration LIKE 'CHK%'`.execute(tx),
    );
    expect(rows[0].n).toBe(3);
  });

  it('never lets a posting change or go; the generic API refuses to write one', async () => {
    const [posting] = await list('/api/accounting/postings?account=411000&range=[0-0]');
    await expect(
      inTenant(t.db.database.db, scope(), (tx) =>
        sql`UPDATE posting SET data = data || '{"amount": 1}'::jsonb WHERE tenant = ${t.alpha.tenant} AND registration = ${posting.registration}`.execute(
          tx,
        ),
      ),
    ).rejects.toMatchObject({ code: 'LB001' });
    await expect(
      inTenant(t.db.database.db, scope(), (tx) =>
        sql`DELETE FROM posting WHERE tenant = ${t.alpha.tenant} AND registration = ${posting.registration}`.execute(
          tx,
        ),
      ),
    ).rejects.toMatchObject({ code: 'LB001' });
    for (const [method, body] of [
      ['PUT', { ...posting, amount: 1 }],
      ['PATCH', { amount: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await c.call(method, `/api/accounting/postings/${posting.registration}`, body);
      expect(res.statusCode, `${method} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(
      (await c.call('POST', '/api/accounting/postings', { account: '1', dc: 'D', amount: 1 })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe('reversals and periods', () => {
  it('a reversal dated in a closed month goes to the first open one, and the closed month does not move', async () => {
    const [event] = await eventsOf(contract);
    const month = String(event.postingDate).slice(0, 7);
    const before = (await c.call('GET', `/api/accounting/trial-balance?from=${month}&to=${month}`)).json();
    const closed = await c.call('POST', '/api/accounting/periods/close', { month });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await c.call('GET', '/api/accounting/periods')).json().closed['*']).toEqual([month]);

    const res = await c.call('POST', `/api/accounting/posting-events/${event.registration}/reverse?date=${month}-15`);
    expect(res.statusCode, res.body).toBe(200);
    const reversal = res.json().event as Doc;
    const [y, m] = month.split('-').map(Number);
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    expect(reversal).toMatchObject({
      reversedEventRegistration: event.registration,
      date: `${month}-15`,
      postingDate: `${next}-01`,
    });
    for (const p of await postingsOf(reversal.registration))
      expect(p).toMatchObject({ date: `${next}-01`, eventDate: `${month}-15`, type: 'REVERSAL' });
    expect((await c.call('GET', `/api/accounting/trial-balance?from=${month}&to=${month}`)).json()).toEqual(before);

    const again = await c.call('POST', `/api/accounting/posting-events/${event.registration}/reverse`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code ?? again.body).toContain('POSTING_EVENT_ALREADY_REVERSED');
    // Writing into the closed month directly is refused by the database.
    await expect(
      inTenant(t.db.database.db, scope(), (tx) =>
        sql`INSERT INTO posting (tenant, registration, status, data) VALUES (${t.alpha.tenant}, 'RAW-CLOSED', 'VALIDATED',
      ${JSON.stringify({ postingEventRegistration: 'RAW-CLOSED', dc: 'D', amount: 0, account: '471000', date: `${month}-02`, currency: 'EUR' })}::jsonb)`.execute(
          tx,
        ),
      ),
    ).rejects.toMatchObject({ code: 'LB003' });
    expect((await c.call('POST', '/api/accounting/periods/reopen', { month })).statusCode).toBe(200);
    expect((await c.call('POST', '/api/accounting/periods/close', { month: '2026-13' })).statusCode).toBe(400);
    expect((await c.call('POST', '/api/accounting/posting-events/PEV999999/reverse')).statusCode).toBe(404);
    expect(
      (await c.call('POST', `/api/accounting/posting-events/${event.registration}/reverse?date=2026-02-30`)).statusCode,
    ).toBe(400);
  });
});

describe('reports', () => {
  it('the trial balance sums to zero; the client’s sub-ledger equals its unpaid invoices', async () => {
    const res = await c.call('GET', '/api/accounting/trial-balance');
    expect(res.statusCode, res.body).toBe(200);
    const { accounts, totals } = res.json() as {
      accounts: { account: string; debit: number; credit: number }[];
      totals: Record<string, { debit: number; credit: number; balance: number }>;
    };
    expect(totals.EUR.balance).toBe(0);
    expect(cents(totals.EUR.debit)).toBe(accounts.reduce((s, a) => s + cents(a.debit), 0));
    const statement = (await c.call('GET', `/api/accounting/account-statement?person=${payer}`)).json();
    const unpaid = (await list(`/api/billing/invoices?pr=R&range=[0-249]`)).filter(
      (i) =>
        ['ISSUED', 'PARTIALLY_PAID'].includes(String(i.status)) &&
        (i.persons as { role: string; personRegistration: string }[]).some(
          (p) => p.role === 'PAYER' && p.personRegistration === payer,
        ),
    );
    expect(cents(statement.closingBalance)).toBe(
      unpaid.reduce((s, i) => s + cents(Number(i.totalBalance ?? i.amountInclTax)), 0),
    );
    const running = statement.lines.at(-1);
    expect(running.balance).toBe(statement.closingBalance);
    const aged = (await c.call('GET', '/api/accounting/aged-receivables?date=2027-06-30')).json();
    expect(cents(aged.clients.find((x: { person: string }) => x.person === payer).total)).toBe(
      cents(statement.closingBalance),
    );
    expect((await c.call('GET', '/api/accounting/trial-balance?from=2026-1')).statusCode).toBe(400);
    expect((await c.call('GET', '/api/accounting/general-ledger')).statusCode).toBe(400);
  });

  it('exports the FEC in the background: 18 columns, |, YYYYMMDD, comma decimals, one line per posting', async () => {
    const res = await c.call('POST', '/api/accounting/exports', {
      format: 'FEC',
      from: '2020-01-01',
      to: '2030-12-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    let state: { status: string; document: { url: string } | null } = { status: '', document: null };
    for (let i = 0; i < 200 && !(state.document && state.status === 'SUCCESS'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await c.call('GET', `/api/accounting/exports/${res.json().batchRegistration}`)).json();
    }
    expect(state.status).toBe('SUCCESS');
    const file = await c.call('GET', state.document!.url);
    expect(file.statusCode).toBe(200);
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(fecColumns.join('|'));
    const postings = await list('/api/accounting/postings?range=[0-249]');
    expect(lines.length - 1).toBe(postings.filter((p) => !String(p.registration).startsWith('RAW')).length + 2);
    let debit = 0,
      credit = 0;
    for (const line of lines.slice(1)) {
      const f = line.split('|');
      expect(f).toHaveLength(18);
      expect(f[3]).toMatch(/^\d{8}$/);
      expect(f[9]).toMatch(/^\d{8}$/);
      expect(f[15]).toMatch(/^\d{8}$/);
      expect(f[11]).toMatch(/^\d+,\d{2}$/);
      expect(f[12]).toMatch(/^\d+,\d{2}$/);
      if (f[4] === '411000') expect(f[6]).not.toBe('');
      debit += cents(Number(f[11].replace(',', '.')));
      credit += cents(Number(f[12].replace(',', '.')));
    }
    expect(debit).toBe(credit);
  });
});
