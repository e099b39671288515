/**
 * The demo tenant's contracts lived through, by the product's own operations (spec target: a fresh
 * start shows the lessor's core at work): deals quoted several times from the demo products (their
 * coefficients and rates tables, fixed rates), won into contracts; contracts approved and ready to
 * activate, activated with their elements and stored schedules, billed, issued and paid; a rate
 * change applied and an amendment awaiting approval; a credit line drawn by contracts; a lot of
 * contracts ceded to a fund and a funding. Dates are fixed, so every start gives the same book.
 */
import { sql } from 'kysely';
import { inTenant, type Db } from '../db/database.ts';
import type { Operations } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { createWorkflowOperations } from '../workflow/workflow.operation.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { entityByName } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import { playDemoBilling } from '../billing/billing.module.ts';
import { closeThrough, playDemoBookings, postDemoMonthEnds } from '../accounting/accounting.module.ts';
import type { ObjectStore } from '../db/object-store.ts';

const kind = (name: string): Entity => {
  const found = entityByName(name);
  if (!found) throw new Error(`entity ${name} is not declared`);
  return found;
};

export interface DemoLifecycle {
  deals: string[];
  contracts: { ready: string[]; active: string[] };
  amendments: string[];
  creditLine: string;
}

/** The day the demo book describes (seed/demo-book.ts `bookDate`): lines due by then are invoiced or paid. */
export const demoBookDate = '2025-06-30';
const asOf = demoBookDate;

export async function playDemoLifecycle(
  db: Db,
  operations: Operations,
  tenant: string,
  store?: ObjectStore,
): Promise<DemoLifecycle> {
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  const workflow = createWorkflowOperations(db);
  const first = (name: string, n: number, condition = sql<boolean>`true`) =>
    inTenant(db, { tenant, user: 'system' }, async (tx) =>
      (await storage.findWhere(tx, kind(name), tenant, condition, n)).map(storage.toDocument),
    );
  const [persons, prospects, assets, products, funds] = await Promise.all([
    first('Person', 12),
    first('Prospect', 6),
    first('Asset', 12, sql<boolean>`(data->>'unitPrice') IS NOT NULL AND data->>'supplierRegistration' IS NOT NULL`),
    first('Product', 20),
    first('Fund', 2),
  ]);
  const productOf = (code: string) => products.find((p) => p.code === code)?.registration as string | undefined;
  const lease = productOf('LEASE'),
    financial = productOf('FINANCIAL_LEASE'),
    loan = productOf('LOAN');
  if (persons.length < 12 || prospects.length < 3 || assets.length < 10 || !lease || !financial || !loan)
    return { deals: [], contracts: { ready: [], active: [] }, amendments: [], creditLine: '' };
  const lessor = { role: 'ORGANIZATION', personRegistration: String(persons[0].registration) };
  const run = async (entity: string, registration: string, code: string) =>
    workflow.run(caller, kind(entity), registration, code);

  /** Quotations compared on a deal: a lease priced from a coefficients table, a financial lease at a fixed rate, a loan from a rates table. */
  const quotations = (amount: number, withLoan: boolean): Doc[] => [
    {
      name: 'Lease 36 months in advance',
      productRegistration: lease,
      financialProduct: 'LEASE',
      financialScheme: 'LINEAR',
      financedAmountExclTax: amount,
      duration: 36,
      frequency: '30',
      timing: 'advance',
      residualValue: Math.round(amount * 1) / 100,
      taxCode: 'VAT20',
      services: [{ code: 'MAINTENANCE', label: 'Full maintenance', type: 'SERVICE', amount: 45, taxCode: 'VAT20' }],
    },
    {
      name: 'Financial lease 48 months',
      productRegistration: financial,
      financialProduct: 'FINANCIAL_LEASE',
      financialScheme: 'LINEAR',
      financedAmountExclTax: amount,
      duration: 48,
      frequency: '30',
      timing: 'arrears',
      residualValue: Math.round(amount * 5) / 100,
      taxCode: 'VAT20',
      services: [
        { code: 'INSURANCE', label: 'Damage insurance', type: 'INSURANCE', amount: 32.5, taxCode: 'VAT0' },
        { code: 'MAINTENANCE', label: 'Full maintenance', type: 'SERVICE', amount: 40, taxCode: 'VAT20' },
      ],
      fees: [{ code: 'FILE', label: 'File fee', amount: 250, taxCode: 'VAT20' }],
    },
    ...(withLoan
      ? [
          {
            name: 'Loan 60 months',
            productRegistration: loan,
            financialProduct: 'LOAN',
            financialScheme: 'LINEAR',
            financedAmountExclTax: amount,
            duration: 60,
            frequency: '30',
            timing: 'arrears',
            taxCode: 'VAT0',
          },
        ]
      : []),
  ];

  /** A deal of client `client` for asset `k`, its quotations priced on save; `chosen` marks one. */
  async function deal(k: number, client: Doc, startDate: string, chosen?: number): Promise<Doc> {
    const asset = assets[k];
    const amount = Number(asset.unitPrice);
    const created = await operations.create(caller, kind('Deal'), {
      name: `${asset.name} for ${client.name}`,
      type: 'NEW_BUSINESS',
      currency: 'EUR',
      startDate,
      persons: [
        { role: 'CLIENT', personRegistration: client.registration },
        lessor,
        { role: 'PARTNER', personRegistration: persons[1 + (k % 10)].registration },
      ],
      assets: [{ assetRegistration: asset.registration, quantity: 1, discount: 0 }],
      quotations: quotations(amount, k % 2 === 0),
    });
    if (chosen === undefined) return created;
    return operations.update(
      caller,
      kind('Deal'),
      String(created.registration),
      {
        quotations: (created.quotations as Doc[]).map((q, i) => ({ ...q, isChosen: i === chosen })),
        _version: created._version,
      },
      'merge',
    );
  }

  const deals: string[] = [];
  // Quoted, not decided yet: prospects comparing the offers.
  for (const k of [0, 1]) deals.push(String((await deal(k, prospects[k], '2025-07-15')).registration));
  const approved = await deal(2, prospects[2], '2025-07-15', 1);
  for (const code of ['SUBMIT', 'APPROVE']) await run('Deal', String(approved.registration), code);
  deals.push(String(approved.registration));

  // Won deals become contracts; some are approved and wait for activation, others run.
  const contracts = { ready: [] as string[], active: [] as string[] };
  const creditLine = await operations.create(caller, kind('CreditLine'), {
    name: `${persons[8].name} fleet envelope`,
    type: 'FRAMEWORK',
    creditLimit: 400000,
    currency: 'EUR',
    startDate: '2025-01-01',
    endDate: '2027-12-31',
    financialProduct: 'LEASE',
    persons: [{ role: 'CLIENT', personRegistration: persons[8].registration }],
  });
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE']) await run('CreditLine', String(creditLine.registration), code);
  const plan = [
    { k: 3, start: '2025-07-01', chosen: 0, activate: false },
    { k: 4, start: '2025-07-15', chosen: 1, activate: false },
    { k: 5, start: '2024-09-01', chosen: 1, activate: true },
    { k: 6, start: '2024-11-15', chosen: 0, activate: true },
    { k: 7, start: '2025-02-01', chosen: 1, activate: true, creditLine: true },
    { k: 8, start: '2025-08-01', chosen: 0, activate: false, creditLine: true },
  ];
  for (const step of plan) {
    const won = await deal(step.k, persons[2 + step.k], step.start, step.chosen);
    for (const code of ['SUBMIT', 'APPROVE', 'MARK_WON']) await run('Deal', String(won.registration), code);
    deals.push(String(won.registration));
    const contract = String(
      (await operations.get(caller, kind('Deal'), String(won.registration))).contractRegistration,
    );
    if (step.creditLine) {
      const doc = await operations.get(caller, kind('Contract'), contract);
      await operations.update(
        caller,
        kind('Contract'),
        contract,
        { creditLineRegistration: creditLine.registration, _version: doc._version },
        'merge',
      );
    }
    for (const code of ['SUBMIT', 'APPROVE', ...(step.activate ? ['ACTIVATE'] : [])])
      await run('Contract', contract, code);
    (step.activate ? contracts.active : contracts.ready).push(contract);
  }

  // Lines due by the book's date are billed month by month, issued and (but the last month) paid.
  await playDemoBilling(
    db,
    operations,
    store,
    tenant,
    contracts.active,
    plan
      .filter((step) => step.activate)
      .map((step) => step.start)
      .sort()[0],
    asOf,
  );
  // The books: each month's accruals posted, the months billed closed but the last two, which stay open.
  const firstStart = plan
    .filter((step) => step.activate)
    .map((step) => step.start)
    .sort()[0];
  await postDemoMonthEnds(db, caller, firstStart, asOf);
  await inTenant(db, { tenant, user: 'system' }, (tx) => closeThrough(tx, caller, '2025-04'));
  await playDemoBookings(db, operations, caller, '2025-04-30', asOf);

  // A rate change applied; a longer duration submitted, waiting for its approval.
  const amendments: string[] = [];
  const rateChange = await operations.create(caller, kind('Amendment'), {
    name: 'Rate revision after refinancing',
    type: 'RATE_CHANGE',
    contractRegistration: contracts.active[1],
    date: '2025-07-01',
    rate: 0.039,
    description: 'The client refinanced at a lower rate: instalments from July 2025 follow the new rate.',
  });
  for (const code of ['SUBMIT', 'APPROVE', 'APPLY']) await run('Amendment', String(rateChange.registration), code);
  const longer = await operations.create(caller, kind('Amendment'), {
    name: 'Duration extension',
    type: 'DURATION_CHANGE',
    contractRegistration: contracts.active[0],
    date: '2025-07-01',
    duration: 60,
    description: 'The client asks for lower instalments over a longer term.',
  });
  await run('Amendment', String(longer.registration), 'SUBMIT');
  amendments.push(String(rateChange.registration), String(longer.registration));

  // Two running contracts refinanced: one ceded in a lot to a fund, one funded by a bank line.
  const ceded = await operations.get(caller, kind('Contract'), contracts.active[0]);
  if (funds.length) {
    // Priced from the contract's outstanding and ceded: the lot's funding is recorded by the transfer.
    const lot = await operations.create(caller, kind('ContractLot'), {
      name: 'Lot July 2025',
      type: 'REFINANCING',
      contracts: [{ contractRegistration: ceded.registration }],
      fundRegistration: funds[0].registration,
      rate: 0.035,
      cessionDate: '2025-07-01',
      currency: 'EUR',
    });
    for (const code of ['SUBMIT', 'ACCEPT', 'VALIDATE', 'TRANSFER'])
      await run('ContractLot', String(lot.registration), code);
    await operations.create(caller, kind('Funding'), {
      name: 'Refinancing tranche July 2025',
      contractRegistration: contracts.active[1],
      fundRegistration: funds[funds.length - 1].registration,
      amount: (await operations.get(caller, kind('Contract'), contracts.active[1])).outstandingPrincipal,
      currency: 'EUR',
      rate: 0.031,
      startDate: '2025-07-01',
    });
  }
  return { deals, contracts, amendments, creditLine: String(creditLine.registration) };
}
