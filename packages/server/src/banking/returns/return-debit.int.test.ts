import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../../db/database.ts';
import * as storage from '../../entities/storage.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cents, lifecycleClient } from '../../testing/lifecycle-client.ts';
import { todayIn } from '../../workflow/side-effects.ts';
import { uploadFile } from '../../testing/multipart.ts';
import { fileSystemStore } from '../../db/object-store.ts';
import { camt053File } from '../statements/camt-generator.ts';
import { importCamt } from '../statements/camt-import.operation.ts';
import { returnDebit } from './return-debit.ts';

/**
 * Returned direct debits on invoices billed from a contract activated through its lifecycle and
 * collected on the payer's mandate: AM04 after the collection was paid (allocation reversed,
 * invoice and schedule lines reopened, the collection's cashflow cancelled, a fee invoice issued,
 * the collection case opened), then MD01 found by EndToEndId (mandate revoked with History, the
 * same case updated, the next fee invoice no longer by direct debit); bad input and other tenants.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let payer = '';
let contract = '';
let invoices: Invoice[] = [];
const lines: Record<string, string> = {};

type Invoice = {
  registration: string;
  status: string;
  pr: string;
  dueDate: string;
  amountInclTax: number;
  totalBalance: number;
  invoiceNumber?: string;
  contractRegistration: string;
  paymentMode?: string;
  persons: { role: string; personRegistration: string }[];
};
type Case = {
  registration: string;
  status: string;
  type: string;
  contractRegistration: string;
  invoiceRegistration: string;
  reasonCode: string;
  lastAction: string;
  lastContact: string;
  amount: number;
  actions: { action: string; reasonCode?: string; invoiceRegistration: string; feeInvoiceRegistration?: string }[];
};

const invoice = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoices/${registration}`)).json() as Invoice;
const returnLine = (line: string, body: unknown, headers = t.alpha.headers) =>
  c.call('POST', `/api/billing/payment-file-lines/${line}/return`, body, headers);

/** A payment-file line as the payment files write it (SENT to the bank), for `invoice`. */
async function sentLine(inv: Invoice, endToEndId: string, status = 'SENT'): Promise<string> {
  const kind = entityByName('PaymentFileLine')!;
  return inTenant(t.db.database.db, { tenant: 'alpha', user: t.alpha.username }, async (tx) => {
    const registration = `PFL-${endToEndId}`;
    await storage.insertRow(tx, kind, 'alpha', t.alpha.username, {
      registration,
      status,
      type: 'DEBIT',
      name: endToEndId,
      invoiceRegistration: inv.registration,
      contractRegistration: inv.contractRegistration,
      personRegistration: payer,
      endToEndId,
      amount: inv.amountInclTax,
      currency: 'EUR',
      mandateReference: 'RUM-DURAND-1',
      sequenceType: 'RCUR',
      iban: 'FR7630006000011234567890189',
      collectionDate: inv.dueDate,
      pr: 'R',
    });
    return registration;
  });
}

/** The collection paid: a cashflow from the bank (its reference the EndToEndId) allocated to the invoice. */
async function collect(inv: Invoice, endToEndId: string): Promise<string> {
  const res = await c.call('POST', '/api/billing/cashflows', {
    name: `Direct debit ${endToEndId}`,
    type: 'RECEIPT',
    pr: 'R',
    paymentMode: 'SEPA_DIRECT_DEBIT',
    amount: inv.amountInclTax,
    currency: 'EUR',
    valueDate: inv.dueDate,
    bankReference: endToEndId,
    persons: [{ role: 'PAYER', personRegistration: payer }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const cf = res.json().registration as string;
  expect((await c.call('GET', `/api/billing/cashflows/${cf}/transitions/VALIDATE`)).statusCode).toBe(200);
  const allocated = await c.call('POST', `/api/billing/cashflows/${cf}/allocate`, {
    allocations: [{ invoiceRegistration: inv.registration, amount: inv.amountInclTax }],
  });
  expect(allocated.statusCode, allocated.body).toBe(200);
  return cf;
}

async function scheduleStatuses(registration: string): Promise<Set<string>> {
  const billed = (await c.call('GET', `/api/billing/invoice-lines?invoiceRegistration=${registration}`)).json() as {
    elementRegistration: string;
    lineNumber: number;
  }[];
  const out = new Set<string>();
  for (const l of billed) {
    const element = (await c.call('GET', `/api/financing/contract-elements/${l.elementRegistration}`)).json();
    out.add((element.lines as { number: number; status: string }[]).find((s) => s.number === l.lineNumber)!.status);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const person = await c.call('POST', '/api/person/persons', {
    type: 'C',
    name: 'Durand Transports',
    email: 'compta@durand.example',
    bankAccounts: [
      {
        name: 'Main account',
        bankIban: 'FR7630006000011234567890189',
        bankBic: 'AGRIFRPP',
        collectionMethods: ['SEPA_DIRECT_DEBIT'],
        sepaMandates: [
          { rumReference: 'RUM-DURAND-1', rumStatus: 'ACTIVE', rumDateOfSignature: '2024-01-15', rumType: 'CORE' },
        ],
      },
    ],
  });
  expect(person.statusCode, person.body).toBe(201);
  payer = person.json().registration;
  const catalog = await c.catalogue();
  contract = (
    await c.activeContract(catalog, 1, {
      persons: [
        { role: 'CLIENT', personRegistration: payer },
        { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
      ],
    })
  ).contract.registration;
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2025-04-30');
  expect(res.statusCode, res.body).toBe(200);
  const receivables = (res.json() as Invoice[])
    .filter((i) => i.pr === 'R')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const i of receivables.slice(0, 3))
    expect((await c.call('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
  invoices = await Promise.all(receivables.slice(0, 3).map((i) => invoice(i.registration)));
  expect(invoices[0].paymentMode).toBe('SEPA_DIRECT_DEBIT');
  lines.am04 = await sentLine(invoices[0], 'E2E-AM04', 'ACCEPTED');
  lines.md01 = await sentLine(invoices[1], 'E2E-MD01');
  lines.bad = await sentLine(invoices[2], 'E2E-BAD');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('a returned direct debit', () => {
  let collectionCase: Case;

  it('AM04 after the collection was paid: the invoice reopened, a fee invoice issued, the collection case opened', async () => {
    const target = invoices[0];
    const cashflow = await collect(target, 'E2E-AM04');
    expect((await invoice(target.registration)).status).toBe('PAID');
    expect(await scheduleStatuses(target.registration)).toEqual(new Set(['PAID']));

    const res = await returnLine(lines.am04, { reasonCode: 'AM04', date: '2025-02-20' });
    expect(res.statusCode, res.body).toBe(200);
    const { case: opened, feeInvoice } = res.json() as {
      case: Case;
      feeInvoice: Invoice & { amountExclTax: number; taxes: unknown[] };
    };

    const reopened = await invoice(target.registration);
    expect(reopened).toMatchObject({ status: 'ISSUED' });
    expect(cents(reopened.totalBalance)).toBe(cents(target.amountInclTax));
    expect(await scheduleStatuses(target.registration)).toEqual(new Set(['INVOICED']));
    const cf = (await c.call('GET', `/api/billing/cashflows/${cashflow}`)).json();
    expect(cf).toMatchObject({ status: 'CANCELLED', allocatedAmount: 0 });
    expect((await c.call('GET', `/api/billing/payment-file-lines/${lines.am04}`)).json()).toMatchObject({
      status: 'REJECTED',
      returnReasonCode: 'AM04',
      returnDate: '2025-02-20',
    });

    // 15 EUR + 20 % VAT, issued (numbered) on the same contract and payer, on the day the return is processed.
    const today = todayIn(undefined);
    expect(feeInvoice).toMatchObject({
      status: 'ISSUED',
      pr: 'R',
      contractRegistration: contract,
      amountExclTax: 15,
      amountInclTax: 18,
      totalBalance: 18,
      issueDate: today,
      dueDate: today,
    });
    expect(feeInvoice.invoiceNumber).toMatch(new RegExp(`^${today.slice(0, 4)}-`));
    expect(feeInvoice.persons.find((p) => p.role === 'PAYER')?.personRegistration).toBe(payer);
    const pdf = (
      await c.call('GET', `/api/billing/invoices/${feeInvoice.registration}/documents?type=INVOICE`)
    ).json() as unknown[];
    expect(pdf).toHaveLength(1);

    expect(opened).toMatchObject({
      status: 'NEW',
      type: 'COLLECTION',
      contractRegistration: contract,
      invoiceRegistration: target.registration,
      reasonCode: 'AM04',
      lastContact: '2025-02-20',
    });
    expect(opened.actions).toEqual([
      expect.objectContaining({
        action: 'DEBIT_RETURNED',
        reasonCode: 'AM04',
        invoiceRegistration: target.registration,
        feeInvoiceRegistration: feeInvoice.registration,
      }),
    ]);
    // What is overdue on the contract by the return's day: its open receivable invoices due, the reopened one among them (the fee falls due later).
    const all = (
      await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&range=[0-249]`)
    ).json() as Invoice[];
    const due = all.filter(
      (i) => i.pr === 'R' && ['ISSUED', 'PARTIALLY_PAID'].includes(i.status) && i.dueDate <= '2025-02-20',
    );
    expect(due.map((i) => i.registration)).toContain(target.registration);
    expect(due.map((i) => i.registration)).not.toContain(feeInvoice.registration);
    expect(cents(opened.amount)).toBe(due.reduce((s, i) => s + cents(i.totalBalance), 0));
    // AM04 leaves the mandate alone.
    const person = (await c.call('GET', `/api/person/persons/${payer}`)).json();
    expect(person.bankAccounts[0].sepaMandates[0].rumStatus).toBe('ACTIVE');
    collectionCase = opened;
  });

  it('MD01 found by its EndToEndId before settlement: the mandate revoked with History, the same case updated', async () => {
    const target = invoices[1];
    const result = await inTenant(t.db.database.db, { tenant: 'alpha', user: t.alpha.username }, (tx) =>
      returnDebit(
        tx,
        { tenant: 'alpha', username: t.alpha.username, isAdmin: true },
        {
          endToEndId: 'E2E-MD01',
          amount: target.amountInclTax,
          currency: 'EUR',
          reasonCode: 'MD01',
          date: '2025-03-05',
        },
      ),
    );
    expect(result.case.registration).toBe(collectionCase.registration);
    expect(result.case).toMatchObject({
      reasonCode: 'MD01',
      lastContact: '2025-03-05',
      invoiceRegistration: target.registration,
    });
    expect((result.case.actions as unknown[]).length).toBe(2);
    expect((await invoice(target.registration)).status).toBe('ISSUED');
    expect((await c.call('GET', `/api/billing/payment-file-lines/${lines.md01}`)).json().status).toBe('REJECTED');

    const person = (await c.call('GET', `/api/person/persons/${payer}`)).json();
    expect(person.bankAccounts[0].sepaMandates[0].rumStatus).toBe('REVOKED');
    const history = (
      await c.call('GET', `/api/core/histories?entityName=Person&entityRegistration=${payer}&range=[0-49]`)
    ).json() as { action: string; details?: object }[];
    const revoked = history.filter((h) => h.action === 'MANDATE_REVOKED');
    expect(revoked.length).toBe(1);
    expect({ ...revoked[0], ...revoked[0].details }).toMatchObject({
      reasonCode: 'MD01',
      mandateReference: 'RUM-DURAND-1',
      returnDate: '2025-03-05',
    });
    // With its mandate revoked, the payer's next invoice (the fee) is no longer collected by direct debit.
    expect(result.feeInvoice).toMatchObject({ status: 'ISSUED', amountInclTax: 18 });
    expect(result.feeInvoice!.paymentMode).not.toBe('SEPA_DIRECT_DEBIT');
  });

  it('refuses bad input with the catalogue’s errors and writes nothing', async () => {
    const bad = async (body: unknown, status: number, code: string, headers = t.alpha.headers, line = lines.bad) => {
      const res = await returnLine(line, body, headers);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      return res;
    };
    expect(
      (await bad({ reasonCode: 'XX99', date: '2025-03-05' }, 400, 'INVALID_FIELD_VALUE')).json().message,
    ).toContain('reasonCode');
    await bad({ reasonCode: 'AM04', date: '2025-02-30' }, 400, 'INVALID_DATE_FIELD');
    await bad({ date: '2025-03-05' }, 400, 'MISSING_FIELD_IN_BODY');
    await bad({ reasonCode: 'AM04', date: '2025-03-05', amount: -3 }, 400, 'INVALID_POSITIVE_NUMBER_FIELD');
    await bad({ reasonCode: 'AM04', date: '2025-03-05', amount: 1_000_000 }, 400, 'INVALID_FIELD_VALUE');
    await bad(
      { reasonCode: 'AM04', date: '2025-03-05' },
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
      t.alpha.headers,
      'PFL-NOPE',
    );
    // Another tenant does not see the line.
    await bad({ reasonCode: 'AM04', date: '2025-03-05' }, 404, 'ENTITY_REGISTRATION_NOT_FOUND', t.beta.headers);
    // A line already returned is not returned twice.
    await bad({ reasonCode: 'AM04', date: '2025-03-06' }, 409, 'TRANSITION_REJECTED', t.alpha.headers, lines.am04);
    expect((await c.call('GET', `/api/billing/payment-file-lines/${lines.bad}`)).json().status).toBe('SENT');
    const cases = (await c.call('GET', `/api/case/cases?contractRegistration=${contract}`)).json() as Case[];
    expect(cases.length).toBe(1);
    expect(cases[0].actions.length).toBe(2);
    const all = (
      await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&range=[0-249]`)
    ).json() as (Invoice & { name: string })[];
    expect(all.filter((i) => i.name.startsWith('Direct debit rejection fee')).length).toBe(2);
  });

  it('issues the fee on the day the return is processed: a return of 30 December processed on 4 January is a fee of the new year', async () => {
    const target = invoices[2];
    const caller = { tenant: 'alpha', username: t.alpha.username, isAdmin: true, timeZone: 'Europe/Paris' };
    const processed = (today: string) =>
      inTenant(t.db.database.db, { tenant: 'alpha', user: t.alpha.username }, (tx) =>
        returnDebit(tx, caller, {
          endToEndId: 'E2E-BAD',
          amount: target.amountInclTax,
          currency: 'EUR',
          reasonCode: 'AM04',
          date: '2026-12-30',
          today,
        }),
      );
    const bad = await processed('2027-02-30').catch((e: Error & { code?: string }) => e.code);
    expect(bad).toBe('INVALID_DATE_FIELD');
    const { feeInvoice } = await processed('2027-01-04');
    expect(feeInvoice).toMatchObject({ status: 'ISSUED', issueDate: '2027-01-04', dueDate: '2027-01-04' });
    // The first number of the new year's sequence, not one of the year the bank dated the return.
    expect(feeInvoice!.invoiceNumber).toMatch(/^2027-ORG000001-000001$/);
    expect((await c.call('GET', `/api/billing/payment-file-lines/${lines.bad}`)).json()).toMatchObject({
      status: 'REJECTED',
      returnDate: '2026-12-30',
    });
  });

  it('counts a return sent again under a new message id for a line already rejected as unmatched, saying why', async () => {
    const fees = async () =>
      (
        (await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&range=[0-249]`)).json() as {
          name: string;
        }[]
      ).filter((i) => i.name.startsWith('Direct debit rejection fee')).length;
    const before = await fees();
    const res = await uploadFile(t, t.alpha, '/api/billing/camts/import', {
      name: 'return-again.xml',
      type: 'application/xml',
      content: camt053File(
        {
          messageId: 'MSG-RETURN-AGAIN',
          statementId: 'STMT-RETURN-AGAIN',
          iban: 'FR7630006000011234567890189',
          opening: '0',
        },
        [
          {
            amount: String(invoices[0].amountInclTax),
            creditDebit: 'DBIT',
            endToEndId: 'E2E-AM04',
            mandateReference: 'RUM-DURAND-1',
            returnReason: 'AM04',
          },
        ],
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ transactionCount: 1, returnedCount: 0, unmatchedCount: 1, matchedCount: 0 });
    const [entry] = (
      await c.call('GET', `/api/bank/bank-transactions?camtRegistration=${res.json().registration}`)
    ).json() as { status: string; type: string; unmatchedReason?: string }[];
    expect(entry).toMatchObject({ status: 'NEW', type: 'DIRECT_DEBIT_RETURN' });
    expect(entry.unmatchedReason).toMatch(/REJECT/);
    expect(await fees()).toBe(before);
  });

  it('a statement replayed for a past day charges its returns’ fees on that day (importCamt today)', async () => {
    const line = await sentLine(invoices[0], 'E2E-REPLAY');
    const { camt } = await importCamt(
      t.db.database.db,
      { tenant: 'alpha', username: t.alpha.username, isAdmin: true },
      {
        fileName: 'replay.xml',
        content: camt053File(
          { messageId: 'MSG-REPLAY', statementId: 'STMT-REPLAY', iban: 'FR7630006000011234567890189', opening: '0' },
          [
            {
              amount: String(invoices[0].amountInclTax),
              creditDebit: 'DBIT',
              bookingDate: '2027-02-26',
              endToEndId: 'E2E-REPLAY',
              mandateReference: 'RUM-DURAND-1',
              returnReason: 'AM04',
            },
          ],
        ),
      },
      { store: fileSystemStore(t.objectsDir), backgroundThreshold: 100_000, today: '2027-03-01' },
    );
    expect(camt).toMatchObject({ returnedCount: 1, unmatchedCount: 0 });
    expect((await c.call('GET', `/api/billing/payment-file-lines/${line}`)).json()).toMatchObject({
      status: 'REJECTED',
      returnDate: '2027-02-26',
    });
    const [entry] = (
      await c.call('GET', `/api/bank/bank-transactions?camtRegistration=${String(camt.registration)}`)
    ).json() as {
      invoices: { invoiceRegistration: string }[];
    }[];
    const fee = (await invoice(entry.invoices[0].invoiceRegistration)) as Invoice & { issueDate: string };
    expect(fee).toMatchObject({ status: 'ISSUED', issueDate: '2027-03-01', dueDate: '2027-03-01' });
    expect(fee.invoiceNumber).toMatch(/^2027-ORG000001-/);
  });
});
