import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { recordPostingEvents, type BusinessEvent } from './posting-engine.ts';
import { demoPostingRules, type PostingRule } from './posting-rules.ts';

/**
 * The books' reports as Excel workbooks, read back with exceljs: header row, figures as numbers
 * with two decimals, days as dates, totals equal to the JSON report's; tenant isolation. Then the
 * rule editor's saving: valid rules kept and followed by the next event, invalid ones refused
 * naming the field, another tenant untouched, the reset to the demo rules, each write in History.
 */
let t: TestApp;
const alpha = () => ({ tenant: t.alpha.tenant, username: t.alpha.username });
const get = (url: string, headers = t.alpha.headers) => t.call('GET', url, headers);

const invoiceIssued = (date: string, incl: number, excl: number, person: string, n: number): BusinessEvent => ({
  eventType: 'INVOICE_ISSUED',
  date,
  currency: 'EUR',
  pr: 'R',
  amounts: {
    amountInclTax: incl,
    amountExclTax: excl,
    tax: Math.round((incl - excl) * 100) / 100,
    rent: excl,
    services: 0,
  },
  personRegistration: person,
  invoiceRegistration: `INV${n}`,
  contractRegistration: 'CT1',
  documentReference: `F-${n}`,
  sourceEntity: 'Invoice',
  sourceRegistration: `INV${n}`,
});

async function post(events: BusinessEvent[]) {
  await inTenant(t.db.database.db, { tenant: alpha().tenant, user: alpha().username }, (tx) =>
    recordPostingEvents(tx, alpha(), events),
  );
}

/** Open receivable invoices for the aged balance: payer, due date, balance. */
async function openInvoices(rows: [string, string, string, number, string][]) {
  const invoice = entityByName('Invoice')!;
  await inTenant(t.db.database.db, { tenant: alpha().tenant, user: alpha().username }, async (tx) => {
    for (const [registration, person, dueDate, totalBalance, currency] of rows) {
      await storage.insertRow(tx, invoice, alpha().tenant, alpha().username, {
        registration,
        status: 'ISSUED',
        name: registration,
        pr: 'R',
        dueDate,
        totalBalance,
        amountInclTax: totalBalance,
        currency,
        persons: [{ role: 'PAYER', personRegistration: person, name: `Client ${person}` }],
      });
    }
  });
}

async function sheetOf(url: string, headers = t.alpha.headers) {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.xlsx"/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  await post([
    invoiceIssued('2026-01-15', 120, 100, 'P1', 1),
    invoiceIssued('2026-02-15', 240.6, 200.5, 'P1', 2),
    {
      eventType: 'PAYMENT_RECEIVED',
      date: '2026-02-20',
      currency: 'EUR',
      amounts: { amount: 120 },
      personRegistration: 'P1',
      sourceEntity: 'Cashflow',
      sourceRegistration: 'CF1',
    },
    invoiceIssued('2026-03-01', 60, 50, 'P2', 3),
  ]);
  await openInvoices([
    ['INV-A', 'P1', '2026-06-30', 10, 'EUR'],
    ['INV-B', 'P1', '2026-06-10', 20.5, 'EUR'],
    ['INV-C', 'P1', '2026-05-01', 30.25, 'EUR'],
    ['INV-D', 'P1', '2026-04-01', 40, 'EUR'],
    ['INV-E', 'P1', '2026-03-15', 60, 'EUR'],
    ['INV-F', 'P1', '2026-03-01', 50, 'EUR'],
    ['INV-G', 'P2', '2026-06-01', 70.1, 'EUR'],
    ['INV-H', 'P3', '2026-07-15', 99.99, 'USD'],
  ]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('reports as Excel workbooks', () => {
  it('the trial balance: a header row, one row per account, the totals, numbers with two decimals', async () => {
    const json = (await get('/api/accounting/trial-balance?from=2026-01&to=2026-12')).json();
    const { sheet, rows } = await sheetOf('/api/accounting/trial-balance.xlsx?from=2026-01&to=2026-12');
    expect(rows[0]).toEqual(['Account', 'Label', 'Currency', 'Debit', 'Credit', 'Balance']);
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(['411000', '445710', '512000', '706000']);
    expect(rows[1]).toEqual(['411000', 'Clients', 'EUR', 420.6, 120, 300.6]);
    expect(rows.at(-1)).toEqual(['Total', undefined, 'EUR', 540.6, 540.6, 0]);
    expect(json.totals.EUR).toEqual({ debit: 540.6, credit: 540.6, balance: 0 });
    expect(sheet.getCell('D2').numFmt).toBe('#,##0.00');
    expect(sheet.getRow(rows.length).font?.bold).toBe(true);
    // A month range leaves the later months out.
    const january = await sheetOf('/api/accounting/trial-balance.xlsx?from=2026-01&to=2026-01');
    expect(january.rows.at(-1)).toEqual(['Total', undefined, 'EUR', 120, 120, 0]);
  });

  it('the general ledger: opening balance, postings in date order with the running balance, dates as dates, totals', async () => {
    const { rows } = await sheetOf('/api/accounting/general-ledger.xlsx?account=411000&from=2026-02-01&to=2026-12-31');
    expect(rows[0].slice(0, 3)).toEqual(['Date', 'Account', 'Label']);
    expect(rows[1][2]).toBe('Opening balance');
    expect(rows[1][12]).toBe(120);
    const lines = rows.slice(2, -1);
    expect(lines.map((r) => [(r[0] as Date).toISOString().slice(0, 10), r[10] ?? null, r[11] ?? null, r[12]])).toEqual([
      ['2026-02-15', 240.6, 0, 360.6],
      ['2026-02-20', 0, 120, 240.6],
      ['2026-03-01', 60, 0, 300.6],
    ]);
    expect(lines[0].slice(5, 9)).toEqual(['INV2', 'P1', 'CT1', 'F-2']);
    expect(rows.at(-1)!.slice(10)).toEqual([300.6, 120, 300.6]);
  });

  it('a client’s account statement: its postings only; French headers on request', async () => {
    const { rows } = await sheetOf('/api/accounting/account-statement.xlsx?person=P1&locale=fr-FR');
    expect(rows[0].slice(0, 3)).toEqual(['Date', 'Compte', 'Libellé']);
    expect(rows[1][2]).toBe('Solde d’ouverture');
    expect(rows.slice(2, -1).map((r) => r[12])).toEqual([120, 360.6, 240.6]);
    expect(rows.at(-1)![12]).toBe(240.6);
  });

  it('aged receivables: each client’s open invoices in the 30/60/90/120-day buckets, totals per currency', async () => {
    const json = (await get('/api/accounting/aged-receivables?date=2026-06-30')).json();
    expect(json.totals.EUR).toEqual({
      current: 10,
      '1-30': 90.6,
      '31-60': 30.25,
      '61-90': 40,
      '91-120': 60,
      over120: 50,
      total: 280.85,
    });
    const { rows } = await sheetOf('/api/accounting/aged-receivables.xlsx?date=2026-06-30');
    expect(rows[0]).toEqual([
      'Client',
      'Name',
      'Currency',
      'Not due',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      '91–120 days',
      'Over 120 days',
      'Total',
    ]);
    expect(rows[1]).toEqual(['P1', 'Client P1', 'EUR', 10, 20.5, 30.25, 40, 60, 50, 210.75]);
    expect(rows[2]).toEqual(['P2', 'Client P2', 'EUR', 0, 70.1, 0, 0, 0, 0, 70.1]);
    expect(rows[3]).toEqual(['P3', 'Client P3', 'USD', 99.99, 0, 0, 0, 0, 0, 99.99]);
    expect(rows.slice(4)).toEqual([
      ['Total', undefined, 'EUR', 10, 90.6, 30.25, 40, 60, 50, 280.85],
      ['Total', undefined, 'USD', 99.99, 0, 0, 0, 0, 0, 99.99],
    ]);
  });

  it('refuses bad queries naming the field, and the unsigned; another tenant sees none of it', async () => {
    const bad = await get('/api/accounting/trial-balance.xlsx?from=2026-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
    expect((await get('/api/accounting/general-ledger.xlsx')).statusCode).toBe(400);
    expect((await get('/api/accounting/aged-receivables.xlsx?date=2026-02-30')).json().code).toBe('INVALID_DATE_FIELD');
    expect((await t.call('GET', '/api/accounting/trial-balance.xlsx')).statusCode).toBe(401);
    const beta = await sheetOf('/api/accounting/trial-balance.xlsx', t.beta.headers);
    expect(beta.rows).toHaveLength(1);
    expect((await sheetOf('/api/accounting/aged-receivables.xlsx?date=2026-06-30', t.beta.headers)).rows).toHaveLength(
      1,
    );
  });
});

describe('saving posting rules', () => {
  // The rule of an invoice issued to a client outside any lease kind, its income account changed.
  const isPlainInvoice = (rule: PostingRule) =>
    rule.eventType === 'INVOICE_ISSUED' && !rule.when?.leaseKind && rule.when?.pr === 'R';
  const edited = () =>
    demoPostingRules.map((rule) =>
      isPlainInvoice(rule)
        ? {
            ...rule,
            lines: rule.lines.map((l) => (l.account === '706000' ? { ...l, account: '706100', label: 'Rents' } : l)),
          }
        : rule,
    );

  it('keeps valid rules, audited; the next event follows them; the other tenant keeps its own', async () => {
    const res = await t.call('PUT', '/api/accounting/posting-rules', t.alpha.headers, { postingRules: edited() });
    expect(res.statusCode, res.body).toBe(200);
    const inForce = (await get('/api/accounting/posting-rules')).json() as PostingRule[];
    expect(inForce.find(isPlainInvoice)!.lines[1]).toMatchObject({ account: '706100', label: 'Rents' });
    expect((await get('/api/accounting/posting-rules/vocabulary')).json()).toMatchObject({ custom: true });
    await post([invoiceIssued('2026-04-01', 12, 10, 'P9', 9)]);
    const postings = (await get('/api/accounting/postings?invoiceRegistration=INV9&range=[0-9]')).json() as {
      account: string;
    }[];
    expect(postings.map((p) => p.account).sort()).toEqual(['411000', '445710', '706100']);
    // Postings written before keep their account.
    expect((await get('/api/accounting/general-ledger?account=706000')).json().lines).toHaveLength(3);
    const history = (await get('/api/core/histories?entityName=PostingRules&range=[0-9]')).json() as {
      action: string;
      user: string;
    }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'UPDATE', user: alpha().username });
    expect((await get('/api/accounting/posting-rules', t.beta.headers)).json()).toEqual(demoPostingRules);
    expect((await get('/api/accounting/posting-rules/vocabulary', t.beta.headers)).json()).toMatchObject({
      custom: false,
    });
    expect((await get('/api/core/histories?entityName=PostingRules', t.beta.headers)).json()).toEqual([]);
  });

  it('refuses invalid rules naming the rule, line and field, and keeps those in force', async () => {
    const cases: [unknown, string][] = [
      [
        [
          {
            ...demoPostingRules[0],
            lines: [demoPostingRules[0].lines[0], { ...demoPostingRules[0].lines[1], dc: 'X' }],
          },
        ],
        'postingRules[0].lines[1].dc',
      ],
      [
        [
          demoPostingRules[0],
          {
            ...demoPostingRules[5],
            lines: [{ account: '411000', dc: 'D', amount: 'amountInclTax * ' }, demoPostingRules[5].lines[1]],
          },
        ],
        'postingRules[1].lines[0].amount',
      ],
      [
        [
          {
            ...demoPostingRules[6],
            lines: [{ account: '512000', dc: 'D', amount: 'interest' }, demoPostingRules[6].lines[1]],
          },
        ],
        'postingRules[0].lines[0].amount',
      ],
      [[{ ...demoPostingRules[0], eventType: 'BIRTHDAY' }], 'postingRules[0].eventType'],
      [
        [
          {
            ...demoPostingRules[0],
            lines: [{ account: '41 1000', dc: 'D', amount: 'tax' }, demoPostingRules[0].lines[1]],
          },
        ],
        'postingRules[0].lines[0].account',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('PUT', '/api/accounting/posting-rules', t.alpha.headers, { postingRules: body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code, field).toBe('INVALID_FIELD_IN_CONFIG');
      expect(res.json().message, field).toContain(field);
    }
    const notAList = await t.call('PUT', '/api/accounting/posting-rules', t.alpha.headers, {
      postingRules: { eventType: 'WRITE_OFF' },
    });
    expect(notAList.json()).toMatchObject({
      statusCode: 400,
      code: 'INVALID_ARRAY_FIELD',
      message: expect.stringContaining('postingRules'),
    });
    expect((await t.call('PUT', '/api/accounting/posting-rules', t.alpha.headers, { rules: [] })).json().code).toBe(
      'MISSING_FIELD_IN_BODY',
    );
    expect(
      ((await get('/api/accounting/posting-rules')).json() as PostingRule[]).find(isPlainInvoice)!.lines[1].account,
    ).toBe('706100');
    expect((await get('/api/core/histories?entityName=PostingRules&range=[0-9]')).json()).toHaveLength(1);
  });

  it('previews the unsaved rules without writing; a reset brings the demo rules back', async () => {
    const preview = await t.call('POST', '/api/accounting/posting-rules/preview', t.alpha.headers, {
      event: {
        eventType: 'INVOICE_ISSUED',
        date: '2026-05-01',
        pr: 'R',
        amounts: { amountInclTax: 120, amountExclTax: 100, tax: 20, rent: 100, services: 0 },
      },
      rules: edited().map((r) => (isPlainInvoice(r) ? { ...r, lines: r.lines.slice(0, 2) } : r)),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      balanced: false,
      postings: [
        { account: '411000', dc: 'D', amount: 120 },
        { account: '706100', dc: 'C', amount: 100 },
      ],
    });
    const reset = await t.call('DELETE', '/api/accounting/posting-rules', t.alpha.headers);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get('/api/accounting/posting-rules')).json()).toEqual(demoPostingRules);
    const history = (await get('/api/core/histories?entityName=PostingRules&sort=date&range=[0-9]')).json() as {
      action: string;
    }[];
    expect(history.map((h) => h.action).sort()).toEqual(['RESET', 'UPDATE']);
  });
});
