import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { madeNameIn } from '@lbo/model/i18n/made-names';
import { inTenant } from '../db/database.ts';
import { fileSystemStore } from '../db/object-store.ts';
import { postDemoMonthEnds } from '../accounting/accounting.module.ts';
import { bootstrap } from '../product.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';

/**
 * The demo tenant's history is made by the product's own operations: its figures obey the
 * product's rules as any user's book would (issue 28, item 5).
 */
let db: TestDatabase;
const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-demo-history-'));
beforeAll(async () => {
  db = await createTestDatabase();
  await bootstrap(db.database.db, {
    demoData: true,
    adminPassword: 'Demo-History-1',
    objectStore: fileSystemStore(objects),
  });
}, 2_400_000);
afterAll(async () => {
  await db?.dispose();
  fs.rmSync(objects, { recursive: true, force: true });
});

type Row = { registration: string; status: string | null; data: Record<string, unknown> };
const rows = (table: string, where = sql<boolean>`true`) =>
  inTenant(
    db.database.db,
    { tenant: 'demo', user: 'test' },
    async (tx) =>
      (
        await sql<Row>`SELECT registration, status, data FROM ${sql.table(table)} WHERE ${where} ORDER BY registration`.execute(
          tx,
        )
      ).rows,
  );
const personsOf = (row: Row) => (row.data.persons as { role: string; personRegistration: string }[] | undefined) ?? [];

describe('the demo history', () => {
  it('gives every running contract its lessor organization, its elements and their schedule lines', async () => {
    const running = await rows('contract', sql<boolean>`status = 'ACTIVE'`);
    expect(running.length).toBeGreaterThanOrEqual(60);
    const [lessor] = await rows('person', sql<boolean>`data->'roles' @> '[{"role":"ORGANIZATION"}]'::jsonb`);
    expect(lessor.data).toMatchObject({ type: 'C', siret: expect.stringMatching(/^\d{14}$/) });
    expect((lessor.data.bankAccounts as { sepaCreditorIdentifier?: string }[])[0].sepaCreditorIdentifier).toBeTruthy();
    const elements = await rows('contract_element');
    const problems: string[] = [];
    for (const contract of running) {
      if (!personsOf(contract).some((p) => p.role === 'ORGANIZATION' && p.personRegistration === lessor.registration))
        problems.push(`${contract.registration}: no lessor`);
      const own = elements.filter((e) => e.data.contractRegistration === contract.registration);
      if (!own.length) problems.push(`${contract.registration}: no element`);
      for (const e of own)
        if (!(e.data.lines as unknown[] | undefined)?.length) problems.push(`${e.registration}: no schedule line`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('numbers issued invoices without a gap per organization and year, and leaves drafts unnumbered', async () => {
    const invoices = await rows('invoice');
    expect(invoices.length).toBeGreaterThan(200);
    const drafts = invoices.filter((i) => i.status === 'DRAFT');
    expect(drafts.filter((i) => i.data.invoiceNumber).map((i) => i.registration)).toEqual([]);
    const sequences = new Map<string, number[]>();
    for (const invoice of invoices.filter((i) => i.status !== 'DRAFT')) {
      const number = String(invoice.data.invoiceNumber ?? '');
      const match = /^(\d{4})-([A-Z]+\d+)-(\d{6})$/.exec(number);
      expect(match, `${invoice.registration} ${number}`).not.toBeNull();
      expect(match![1], `${invoice.registration} issued ${invoice.data.issueDate}`).toBe(
        String(invoice.data.issueDate).slice(0, 4),
      );
      const key = `${match![1]}-${match![2]}`;
      sequences.set(key, [...(sequences.get(key) ?? []), Number(match![3])]);
    }
    expect(sequences.size).toBeGreaterThanOrEqual(2);
    for (const [key, numbers] of sequences)
      expect(
        numbers.sort((a, b) => a - b),
        key,
      ).toEqual(numbers.map((_, i) => i + 1));
  });

  it('leaves no bank statement importing or processing, and pays invoices from its statements', async () => {
    const camts = await rows('camt');
    expect(camts.length).toBeGreaterThanOrEqual(4);
    expect(camts.filter((c) => ['IMPORTING', 'PROCESSING'].includes(String(c.status))).map((c) => c.status)).toEqual(
      [],
    );
    const transactions = await rows('bank_transaction');
    expect(transactions.length).toBeGreaterThan(100);
    // Counterparties are the clients who paid, by name.
    const named = transactions.filter((t) => /[A-Za-z]{3}/.test(String(t.data.counterpartyName ?? '')));
    expect(named.length).toBeGreaterThan(transactions.length / 2);
    expect((await rows('invoice', sql<boolean>`status = 'PAID'`)).length).toBeGreaterThan(100);
  });

  it('accrues every running lease at a month end run on the fresh demo', async () => {
    const leases = (await rows('contract', sql<boolean>`status = 'ACTIVE'`)).filter((c) =>
      /LEASE/.test(String(c.data.financialProduct)),
    );
    expect(leases.length).toBeGreaterThanOrEqual(60);
    await postDemoMonthEnds(
      db.database.db,
      { tenant: 'demo', username: 'admin@demo', isAdmin: true, timeZone: 'Europe/Paris' },
      '2025-07-01',
      '2025-07-31',
    );
    const events = await rows(
      'posting_event',
      sql<boolean>`data->>'date' = '2025-07-31' AND data->>'eventType' IN ('INTEREST_ACCRUAL', 'RENTAL_INCOME')`,
    );
    const accrued = new Set(events.map((e) => String(e.data.contractRegistration)));
    expect(leases.filter((c) => !accrued.has(c.registration)).map((c) => c.registration)).toEqual([]);
  });

  it('dates its postings by the history, never by the day the demo was made', async () => {
    // The history ends in 2025: a later date is the start's own day, taken by an operation run without the history's day.
    const late = await rows('posting', sql<boolean>`data->>'date' > '2025-12-31'`);
    expect(late.map((p) => `${p.registration} ${String(p.data.date)} ${String(p.data.name)}`).slice(0, 10)).toEqual([]);
  });

  it("names the records the server made by the patterns a screen shows in its reader's language", async () => {
    // A name no pattern knows would stay English on a French screen (model i18n/made-names.ts).
    const untranslated: string[] = [];
    for (const kind of ['Batch', 'PostingEvent', 'Posting', 'PaymentFile', 'Case']) {
      const table = entityByName(kind)!.table;
      for (const row of await rows(table)) {
        const name = row.data.name;
        // A manual entry is named by the person who books it.
        if (row.data.eventType === 'MANUAL_ENTRY') continue;
        if (typeof name === 'string' && madeNameIn(name, () => '§') === name)
          untranslated.push(`${table} ${row.registration}: ${name}`);
      }
    }
    expect(untranslated.slice(0, 20)).toEqual([]);
  });

  it('names no row of any kind like filler ("Holding 2", "Item 12", "Daily access 2")', async () => {
    const filler = /\b(Item|Holding|access|Daily figure|Statement \w+|Mandate|Lot|Note|Vote|Target) \d+$/i;
    const found: string[] = [];
    for (const entity of entities) {
      for (const row of await rows(entity.table)) {
        const name = row.data.name;
        if (typeof name === 'string' && filler.test(name)) found.push(`${entity.name} ${row.registration}: ${name}`);
      }
    }
    expect(found.slice(0, 20)).toEqual([]);
  });
});
