import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lbo/model/values/dates';
import { fileSystemStore, type ObjectStore } from '../../db/object-store.ts';
import { asOwner, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cents, lifecycleClient } from '../../testing/lifecycle-client.ts';
import { inTenant } from '../../db/database.ts';
import { dunDemoBook } from './demo-dunning.ts';
import { documentEntity } from '../../documents/documents.module.ts';
import { dunChunk, lateInterest } from './dunning.operation.ts';

/**
 * Dunning through its API, as DUNNING batches on the job queue, on invoices billed from a contract
 * activated through its lifecycle, the day passed explicitly: unpaid invoices climb the default
 * levels (reminder at 10 days, second reminder at 25, formal notice at 45) with a communication,
 * its PDF letter, interest and indemnity on the collection case; a run repeated changes nothing,
 * an earlier day never takes a level back, a payment stops the climb; the configuration's checks;
 * another tenant sees and changes nothing.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let payer = '';
let contract = '';
let invoices: Invoice[] = [];

type Invoice = {
  registration: string;
  status: string;
  pr: string;
  dueDate: string;
  amountInclTax: number;
  totalBalance: number;
  invoiceNumber: string;
  dunningLevel?: string;
  dunningDate?: string;
};
type Communication = {
  registration: string;
  status: string;
  type: string;
  subject: string;
  content: string;
  invoiceRegistration: string;
  category: string;
};
type Case = {
  registration: string;
  status: string;
  dunningLevel: string;
  interestAmount: number;
  indemnityAmount: number;
  amount: number;
  lastContact: string;
  actions: {
    action: string;
    level?: string;
    invoiceRegistration: string;
    interest?: number;
    indemnity?: number;
    communicationRegistration?: string;
  }[];
};

const invoice = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoices/${registration}`)).json() as Invoice;
const communications = async (inv: string, headers = t.alpha.headers) =>
  (
    await c.call(
      'GET',
      `/api/communication/communications?invoiceRegistration=${inv}&category=DUNNING&range=[0-99]`,
      undefined,
      headers,
    )
  ).json() as Communication[];
const cases = async (headers = t.alpha.headers) =>
  (await c.call('GET', `/api/case/cases?type=COLLECTION&range=[0-99]`, undefined, headers)).json() as Case[];

/** Starts a dunning run on `date` and waits for its batch to end; answers the batch. */
async function dun(
  date: string,
  headers = t.alpha.headers,
): Promise<{ status: string; done: number; total: number; log: { message: string }[] }> {
  const res = await c.call('POST', '/api/billing/dunning/run', { date }, headers);
  expect(res.statusCode, res.body).toBe(200);
  const registration = res.json().batchRegistration as string;
  let batch = (await c.call('GET', `/api/script/batches/${registration}`, undefined, headers)).json();
  for (let i = 0; i < 120 && !['SUCCESS', 'WARNING', 'ERROR'].includes(batch.status); i++) {
    await new Promise((r) => setTimeout(r, 250));
    batch = (await c.call('GET', `/api/script/batches/${registration}`, undefined, headers)).json();
  }
  expect(batch.status, JSON.stringify(batch.log)).toBe('SUCCESS');
  return batch;
}

beforeAll(async () => {
  t = await createTestApp();
  const person = await c.call('POST', '/api/person/persons', {
    type: 'C',
    name: 'Martin Logistique',
    email: 'compta@martin.example',
    addresses: [{ type: 'MAIN', addressLine: '12 rue des Lilas', zipcode: '69003', city: 'Lyon', country: 'FR' }],
  });
  expect(person.statusCode, person.body).toBe(201);
  payer = person.json().registration;
  contract = (
    await c.activeContract(await c.catalogue(), 1, {
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
  for (const i of receivables)
    expect((await c.call('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
  invoices = await Promise.all(receivables.map((i) => invoice(i.registration)));
  // Three invoices due at least a month apart.
  expect(new Set(invoices.map((i) => i.dueDate)).size).toBeGreaterThanOrEqual(3);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('dunning', () => {
  const first = () => invoices[0];
  const dueOn = (i: Invoice) => invoices.filter((x) => x.dueDate === i.dueDate);
  const second = () => invoices.find((i) => i.dueDate > first().dueDate)!;

  it('leaves an invoice alone before its first level', async () => {
    const batch = await dun(addDays(first().dueDate, 9));
    expect(batch.done).toBe(0);
    expect((await invoice(first().registration)).dunningLevel).toBeUndefined();
    expect(await cases()).toEqual([]);
  }, 60_000);

  it('leaves nothing, neither records nor letters, when the store or the letters’ documents fail midway', async () => {
    const day = addDays(first().dueDate, 12);
    const files = () =>
      fs
        .readdirSync(t.objectsDir, { recursive: true })
        .filter((f) => !fs.statSync(`${t.objectsDir}/${f}`).isDirectory());
    const before = files().length;
    const caller = { tenant: 'alpha', username: 'admin@alpha', isAdmin: true };
    const chunk = (store: ObjectStore) =>
      inTenant(
        t.db.database.db,
        { tenant: 'alpha', user: caller.username },
        (tx) => dunChunk(tx, caller, day, null, store),
        60_000,
      );
    // The chunk's letters: one per invoice due 10 days before the day (the first level's).
    const due = invoices.filter((i) => i.dueDate <= addDays(day, -10));
    expect(due.length).toBeGreaterThan(0);
    // The store refuses the last letter it is given; those written before it are removed again.
    let puts = 0;
    const disk = fileSystemStore(t.objectsDir);
    const failing: ObjectStore = {
      ...disk,
      put: async (key, content, inspect) => {
        if (++puts === due.length) throw new Error('store refused by the test');
        return disk.put(key, content, inspect);
      },
    };
    await expect(chunk(failing)).rejects.toThrow('store refused by the test');
    expect(puts).toBe(due.length);
    // The letters are stored, then their documents refused: the stored letters are removed.
    const table = documentEntity.table;
    await asOwner(t.db, [
      `CREATE FUNCTION refuse_letter() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.type = 'DUNNING_LETTER' THEN RAISE EXCEPTION 'letter refused by the test'; END IF; RETURN NEW; END $$`,
      `CREATE TRIGGER refuse_letter BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_letter()`,
    ]);
    try {
      await expect(chunk(disk)).rejects.toThrow('letter refused by the test');
    } finally {
      await asOwner(t.db, [`DROP TRIGGER refuse_letter ON ${table}`, 'DROP FUNCTION refuse_letter()']);
    }
    expect(files().length).toBe(before);
    for (const i of due) {
      expect((await invoice(i.registration)).dunningLevel).toBeUndefined();
      expect(await communications(i.registration)).toEqual([]);
    }
    expect(await cases()).toEqual([]);
  }, 120_000);

  it('reaches the reminder at 10 days: an e-mail with its letter, interest and indemnity on the collection case', async () => {
    const day = addDays(first().dueDate, 12);
    await dun(day);
    for (const inv of dueOn(first()))
      expect(await invoice(inv.registration)).toMatchObject({ dunningLevel: 'REMINDER', dunningDate: day });
    const [mail] = await communications(first().registration);
    // Left to the mail service's outbox, which sends it with its letter (mail/mail.int.test.ts).
    expect(mail).toMatchObject({ type: 'EMAIL', category: 'DUNNING' });
    expect(['SCHEDULED', 'SENDING', 'SENT']).toContain(mail.status);
    expect(mail.subject).toContain(first().invoiceNumber);
    expect(mail.content).toContain('12 days');
    // The letter as a PDF document of the communication, read back with poppler's pdftotext.
    const listed = await c.call('GET', `/api/communication/communications/${mail.registration}/documents`);
    expect(listed.statusCode, listed.body).toBe(200);
    const documents = listed.json() as { _id: string; token: string; type: string; contentType: string }[];
    expect(documents).toEqual([expect.objectContaining({ type: 'DUNNING_LETTER', contentType: 'application/pdf' })]);
    const content = await t.call(
      'GET',
      `/api/communication/communications/${mail.registration}/documents/${documents[0]._id}/content?token=${documents[0].token}`,
    );
    expect(content.statusCode).toBe(200);
    const read = spawnSync('pdftotext', ['-', '-'], { input: content.rawPayload });
    expect(read.status, String(read.stderr)).toBe(0);
    const text = read.stdout.toString('utf8');
    expect(text).toContain('Martin Logistique');
    expect(text).toContain(first().invoiceNumber);
    expect(text).toContain('Days late');
    const [opened] = await cases();
    expect(opened).toMatchObject({ status: 'NEW', dunningLevel: 'REMINDER', lastContact: day });
    // 12 % a year for 12 days on each overdue invoice, and 40 EUR each: the payer is a company.
    const expected = dueOn(first()).reduce((s, i) => s + lateInterest(cents(i.amountInclTax), 0.12, 12), 0);
    expect(cents(opened.interestAmount)).toBe(expected);
    expect(cents(opened.indemnityAmount)).toBe(4000 * dueOn(first()).length);
  }, 60_000);

  it('does nothing more when run again on the same day', async () => {
    const before = {
      mails: (await communications(first().registration)).length,
      actions: (await cases())[0].actions.length,
    };
    await dun(addDays(first().dueDate, 12));
    expect((await communications(first().registration)).length).toBe(before.mails);
    expect((await cases())[0].actions.length).toBe(before.actions);
  }, 60_000);

  it('climbs to the second reminder at 25 days, by letter', async () => {
    await dun(addDays(first().dueDate, 30));
    expect((await invoice(first().registration)).dunningLevel).toBe('SECOND_REMINDER');
    const mails = await communications(first().registration);
    expect(mails.map((m) => m.type).sort()).toEqual(['EMAIL', 'LETTER']);
  }, 60_000);

  it('stops when the invoice is paid, and jumps straight to the level reached', async () => {
    // The second invoice paid in full before it is dunned.
    const paid = second();
    const cf = await c.call('POST', '/api/billing/cashflows', {
      name: 'Transfer',
      type: 'RECEIPT',
      pr: 'R',
      paymentMode: 'TRANSFER',
      amount: paid.amountInclTax,
      currency: 'EUR',
      valueDate: paid.dueDate,
      persons: [{ role: 'PAYER', personRegistration: payer }],
    });
    expect(
      (await c.call('GET', `/api/billing/cashflows/${cf.json().registration}/transitions/VALIDATE`)).statusCode,
    ).toBe(200);
    expect(
      (
        await c.call('POST', `/api/billing/cashflows/${cf.json().registration}/allocate`, {
          allocations: [{ invoiceRegistration: paid.registration, amount: paid.amountInclTax }],
        })
      ).statusCode,
    ).toBe(200);

    const day = addDays(first().dueDate, 50);
    await dun(day);
    expect((await invoice(first().registration)).dunningLevel).toBe('FORMAL_NOTICE');
    expect(await invoice(paid.registration)).toMatchObject({ status: 'PAID' });
    expect((await invoice(paid.registration)).dunningLevel).toBeUndefined();
    expect(await communications(paid.registration)).toEqual([]);

    // The third due date, first seen 47 days late: one formal notice, no reminder before it.
    const third = invoices.find((i) => i.dueDate > paid.dueDate)!;
    await dun(addDays(third.dueDate, 47));
    expect((await invoice(third.registration)).dunningLevel).toBe('FORMAL_NOTICE');
    expect((await communications(third.registration)).length).toBe(1);
    // An earlier day never takes a level back.
    await dun(addDays(third.dueDate, 12));
    expect((await invoice(third.registration)).dunningLevel).toBe('FORMAL_NOTICE');
    expect((await communications(third.registration)).length).toBe(1);

    const [open] = await cases();
    expect(open.dunningLevel).toBe('FORMAL_NOTICE');
    const levels = open.actions.filter((a) => a.invoiceRegistration === first().registration).map((a) => a.level);
    expect(levels).toEqual(['REMINDER', 'SECOND_REMINDER', 'FORMAL_NOTICE']);
    // The interest kept is the latest computed per invoice: the first at 50 days.
    const latest = open.actions.filter((a) => a.invoiceRegistration === first().registration).at(-1)!;
    expect(cents(latest.interest!)).toBe(lateInterest(cents(first().amountInclTax), 0.12, 50));
  }, 120_000);

  it('a cron can start it: the runner plans a run on the tick’s day', async () => {
    const runner = t.app.jobs.runnerOf('DUNNING');
    const planned = await inTenant(t.db.database.db, { tenant: 'alpha', user: t.alpha.username }, (tx) =>
      runner!.plan!(tx, { tenant: 'alpha', username: t.alpha.username }, {}, '2025-12-31'),
    );
    expect(planned).toMatchObject({ name: 'Dunning on 2025-12-31', parameters: { date: '2025-12-31' } });
    expect(planned.total).toBeGreaterThan(0);
  });

  it('the demo’s run (dunDemoBook) climbs what is left and, run twice, adds nothing', async () => {
    const day = addDays(invoices.at(-1)!.dueDate, 30);
    const once = await dunDemoBook(t.db.database.db, 'alpha', day);
    expect(once.length).toBeGreaterThan(0);
    expect(once.every((d) => d.caseRegistration === once[0].caseRegistration)).toBe(true);
    expect(await dunDemoBook(t.db.database.db, 'alpha', day)).toEqual([]);
  });

  it('refuses bad input and bad configuration with the catalogue’s errors', async () => {
    const run = await c.call('POST', '/api/billing/dunning/run', { date: '2025-02-30' });
    expect(run.statusCode).toBe(400);
    expect(run.json().code).toBe('INVALID_DATE_FIELD');
    const put = (body: unknown) => c.call('PUT', '/api/core/tenant-configuration/dunning', body);
    const level = {
      code: 'REMINDER',
      days: 10,
      channel: 'LETTER',
      texts: { en: { subject: 'Reminder', body: 'Please pay {invoiceNumber}' } },
    };
    const cases_: [unknown, string, string][] = [
      [{ levels: [] }, 'INVALID_FIELD_IN_CONFIG', 'levels'],
      [{ levels: [{ ...level, days: 0 }] }, 'INVALID_FIELD_IN_CONFIG', 'levels[0].days'],
      [{ levels: [level, { ...level, code: 'LATER', days: 5 }] }, 'INVALID_FIELD_IN_CONFIG', 'levels[1].days'],
      [{ levels: [level, { ...level, days: 20 }] }, 'VALUE_ALREADY_EXISTS', 'levels[1].code'],
      [{ levels: [{ ...level, channel: 'FAX' }] }, 'INVALID_FIELD_IN_CONFIG', 'levels[0].channel'],
      [{ levels: [{ ...level, fee: 1.234 }] }, 'INVALID_FIELD_IN_CONFIG', 'levels[0].fee'],
      [{ interestRate: 3 }, 'INVALID_FIELD_IN_CONFIG', 'interestRate'],
      [{ colour: 'red' }, 'INVALID_FIELD_IN_BODY', 'colour'],
    ];
    for (const [body, code, field] of cases_) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toContain(field);
    }
    const returns = await c.call('PUT', '/api/core/tenant-configuration/debitReturns', { revokeMandateOn: ['ZZ00'] });
    expect(returns.statusCode).toBe(400);
    expect(returns.json().message).toContain('revokeMandateOn[0]');
    const good = await put({
      levels: [{ ...level, fee: 5 }],
      interestRate: 0.1,
      indemnity: { amount: 40, businessOnly: true },
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('charges a level’s fee as an issued invoice, by the tenant’s configuration', async () => {
    // The configuration the test above left: one REMINDER level at 10 days with a 5 EUR fee.
    const created = await c.call('POST', '/api/billing/invoices', {
      name: 'Repair',
      type: 'INVOICE',
      pr: 'R',
      contractRegistration: contract,
      currency: 'EUR',
      dueDate: '2026-01-05',
      amountExclTax: 100,
      amountInclTax: 120,
      totalBalance: 120,
      persons: [
        { role: 'PAYER', personRegistration: payer },
        { role: 'PAYEE', personRegistration: 'ORG000001' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const repair = created.json().registration as string;
    expect((await c.call('GET', `/api/billing/invoices/${repair}/transitions/ISSUE`)).statusCode).toBe(200);
    await dun('2026-01-20');
    expect((await invoice(repair)).dunningLevel).toBe('REMINDER');
    const [open] = await cases();
    const action = open.actions.find((a) => a.invoiceRegistration === repair) as {
      feeInvoiceRegistration?: string;
      interest?: number;
    };
    const fee = (await c.call('GET', `/api/billing/invoices/${action.feeInvoiceRegistration}`)).json();
    expect(fee).toMatchObject({
      status: 'ISSUED',
      amountExclTax: 5,
      amountInclTax: 6,
      contractRegistration: contract,
      internalReference: repair,
    });
    // 10 % a year (the configuration's rate) for 15 days on 120 EUR.
    expect(cents(action.interest!)).toBe(lateInterest(12000, 0.1, 15));
  }, 60_000);

  it('another tenant neither sees nor duns the first one’s invoices', async () => {
    const batch = await dun('2026-12-31', t.beta.headers);
    expect(batch.total).toBe(0);
    expect(await cases(t.beta.headers)).toEqual([]);
    const [alphaCase] = await cases();
    expect(
      (await c.call('GET', `/api/case/cases/${alphaCase.registration}`, undefined, t.beta.headers)).statusCode,
    ).toBe(404);
    expect(await communications(first().registration, t.beta.headers)).toEqual([]);
  }, 60_000);
});
