/**
 * The demo tenant's history, lived month by month through the product's own operations (spec
 * target: a fresh start shows the lessor's core at work): each month deals quoted from the demo
 * products (their coefficients and rates tables, fixed rates) and won into contracts, activated
 * with their elements and stored schedules; at the month's end the billing run, its invoices issued
 * (numbered in order), the direct debits and transfers written as SEPA files and sent, the bank's
 * statement imported (debits matched, some returned) and the month's accruals posted. Then the late
 * payers dunned, the months closed but the last two, a rate change applied and an amendment awaiting
 * approval, a credit line drawn, a lot ceded to a fund and a funding; deals still quoted and
 * contracts approved, ready to start. Dates are fixed, so every start gives the same book.
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
import { billDemoMonth, monthEnds } from '../billing/billing.module.ts';
import { closeThrough, playDemoBookings, postDemoMonthEnds } from '../accounting/accounting.module.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { collectDemoMonth, lessorIbanOf } from './demo-collection.ts';

const kind = (name: string): Entity => {
  const found = entityByName(name);
  if (!found) throw new Error(`entity ${name} is not declared`);
  return found;
};

export interface DemoLifecycle {
  deals: string[];
  /** The lessor organization every contract carries. */
  lessor: string;
  invoices: number;
  contracts: { ready: string[]; active: string[] };
  amendments: string[];
  creditLine: string;
}

/** The day the demo book describes (seed/demo-book.ts `bookDate`): lines due by then are invoiced or paid. */
export const demoBookDate = '2025-06-30';
const asOf = demoBookDate;

/** The first month of the history: eighteen months up to the book's date. */
export const demoHistoryStart = '2024-01-01';
/** Contracts won and started each month of the history. */
const startsPerMonth = 4;

export async function playDemoLifecycle(
  db: Db,
  operations: Operations,
  tenant: string,
  store: ObjectStore,
): Promise<DemoLifecycle> {
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  const workflow = createWorkflowOperations(db);
  const first = (name: string, n: number, condition = sql<boolean>`true`) =>
    inTenant(db, { tenant, user: 'system' }, async (tx) =>
      (await storage.findWhere(tx, kind(name), tenant, condition, n)).map(storage.toDocument),
    );
  const months = monthEnds(demoHistoryStart, asOf);
  const [organizations, clients, partners, prospects, assets, products, funds] = await Promise.all([
    first('Person', 1, sql<boolean>`data->'roles' @> '[{"role":"ORGANIZATION"}]'::jsonb`),
    first('Person', 100, sql<boolean>`data->'roles' @> '[{"role":"CLIENT"}]'::jsonb`),
    first('Person', 10, sql<boolean>`data->'roles' @> '[{"role":"PARTNER"}]'::jsonb`),
    first('Prospect', 6),
    first(
      'Asset',
      months.length * startsPerMonth + 10,
      sql<boolean>`(data->>'unitPrice') IS NOT NULL AND data->>'supplierRegistration' IS NOT NULL`,
    ),
    first('Product', 20),
    first('Fund', 2),
  ]);
  const productOf = (code: string) => products.find((p) => p.code === code)?.registration as string | undefined;
  const lease = productOf('LEASE'),
    financial = productOf('FINANCIAL_LEASE'),
    loan = productOf('LOAN');
  const sortByRegistration = (docs: Doc[]) =>
    docs.sort((a, b) => String(a.registration).localeCompare(String(b.registration)));
  sortByRegistration(clients);
  sortByRegistration(assets);
  if (
    !organizations.length ||
    clients.length < 20 ||
    !partners.length ||
    prospects.length < 3 ||
    assets.length < months.length * startsPerMonth + 6 ||
    !lease ||
    !financial ||
    !loan
  )
    throw new Error(
      'the demo book lacks the lessor, clients, partners, prospects, assets or products its history needs',
    );
  // Every deal and contract carries the lessor: the seller of its invoices and the creditor of its debits.
  const lessor = { role: 'ORGANIZATION', personRegistration: String(organizations[0].registration) };
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
      name: 'Financial lease 48 months, quarterly',
      productRegistration: financial,
      financialProduct: 'FINANCIAL_LEASE',
      financialScheme: 'LINEAR',
      financedAmountExclTax: amount,
      duration: 48,
      frequency: '90',
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
        { role: 'PARTNER', personRegistration: partners[k % partners.length].registration },
      ],
      assets: [{ assetRegistration: asset.registration, quantity: 1, discount: 0 }],
      quotations: quotations(amount, k % 2 === 0),
    });
    if (chosen === undefined) return created;
    // The client's choice, recorded as a user would: the deal saved with one quotation chosen.
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

  /** A deal won and its contract approved (and activated when `activate`); answers the contract. */
  async function win(
    k: number,
    client: Doc,
    startDate: string,
    chosen: number,
    activate: boolean,
    creditLine?: string,
  ): Promise<{ deal: string; contract: string }> {
    const won = await deal(k, client, startDate, chosen);
    for (const code of ['SUBMIT', 'APPROVE', 'MARK_WON']) await run('Deal', String(won.registration), code);
    const contract = String(
      (await operations.get(caller, kind('Deal'), String(won.registration))).contractRegistration,
    );
    if (creditLine) {
      const doc = await operations.get(caller, kind('Contract'), contract);
      await operations.update(
        caller,
        kind('Contract'),
        contract,
        { creditLineRegistration: creditLine, _version: doc._version },
        'merge',
      );
    }
    for (const code of ['SUBMIT', 'APPROVE', ...(activate ? ['ACTIVATE'] : [])]) await run('Contract', contract, code);
    return { deal: String(won.registration), contract };
  }

  const deals: string[] = [];
  const contracts = { ready: [] as string[], active: [] as string[] };
  const fleetClient = clients[8];
  const creditLine = await operations.create(caller, kind('CreditLine'), {
    name: `${fleetClient.name} fleet envelope`,
    type: 'FRAMEWORK',
    creditLimit: 400000,
    currency: 'EUR',
    startDate: '2024-01-01',
    endDate: '2027-12-31',
    financialProduct: 'LEASE',
    persons: [{ role: 'CLIENT', personRegistration: fleetClient.registration }],
  });
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE']) await run('CreditLine', String(creditLine.registration), code);

  const lessorIban = await lessorIbanOf(db, tenant, lessor.personRegistration);
  let opening = '184250.00';
  let invoices = 0;
  let k = 0;
  let accrued = 0;
  let cycle = 0;
  for (const [t, monthEnd] of months.entries()) {
    const month = monthEnd.slice(0, 7);
    // The month's new business: deals won, contracts started on the 1st or the 15th.
    for (let n = 0; n < startsPerMonth; n++, k++) {
      const client = clients[(k * 7) % clients.length];
      const start = `${month}-${n % 2 ? '15' : '01'}`;
      const fleet = client.registration === fleetClient.registration ? String(creditLine.registration) : undefined;
      const made = await win(k, client, start, k % 3 === 2 ? 0 : 1, true, fleet);
      deals.push(made.deal);
      contracts.active.push(made.contract);
    }
    // The lessor bills and collects at each quarter's end and at the book's date.
    const last = t === months.length - 1;
    if (!last && Number(month.slice(5)) % 3) continue;
    invoices += (await billDemoMonth(db, last ? store : undefined, tenant, contracts.active, monthEnd)).length;
    const collected = await collectDemoMonth(db, store, tenant, lessorIban, {
      asOf: monthEnd,
      opening,
      // Now and then a client's account is short or the client refuses a debit; the last collection has its return too.
      returns: last ? ['AM04'] : cycle % 2 ? [cycle % 4 === 1 ? 'AM04' : 'MS02'] : [],
      unexplained: last
        ? { amount: '1250.00', remittance: 'VIREMENT ACOMPTE FLOTTE 2025', counterpartyName: String(fleetClient.name) }
        : undefined,
      dun: last,
    });
    opening = collected.closing;
    cycle++;
    // The month ends of the months billed, each by the month-end job's own chunks.
    await postDemoMonthEnds(db, caller, months[accrued], monthEnd);
    accrued = t + 1;
  }

  // Quoted, not decided yet: prospects comparing the offers; one deal approved, waiting for the client.
  for (const p of [0, 1]) deals.push(String((await deal(k + p, prospects[p], '2025-07-15')).registration));
  const approved = await deal(k + 2, prospects[2], '2025-07-15', 1);
  for (const code of ['SUBMIT', 'APPROVE']) await run('Deal', String(approved.registration), code);
  deals.push(String(approved.registration));
  // Won, approved, starting after the book's date.
  for (const [n, start] of ['2025-07-01', '2025-07-15', '2025-08-01'].entries()) {
    // The last one draws on the fleet envelope: approved, it is the line's pending amount.
    const fleet = n === 2;
    const made = await win(
      k + 3 + n,
      fleet ? fleetClient : clients[(k + 3 + n) % clients.length],
      start,
      n % 2,
      false,
      fleet ? String(creditLine.registration) : undefined,
    );
    deals.push(made.deal);
    contracts.ready.push(made.contract);
  }

  // The clients' requests and the lessor's messages about their running contracts.
  const contractDocs = await Promise.all(
    contracts.active.slice(0, 6).map((c) => operations.get(caller, kind('Contract'), c)),
  );
  const clientOf = (contract: Doc) =>
    (contract.persons as { role: string; personRegistration: string }[]).find((p) => p.role === 'CLIENT')!;
  const requests = [
    'Change of bank details',
    'Early termination quote',
    'Insurance certificate missing',
    'Invoice copy requested',
    'Address change',
    'Asset damaged',
  ];
  for (const [n, contract] of contractDocs.entries()) {
    await operations.create(caller, kind('Ticket'), { name: `${requests[n]} — ${String(contract.registration)}` });
    await operations.create(caller, kind('Communication'), {
      name: n % 2 ? 'Welcome pack' : 'Insurance certificate reminder',
      subject: n % 2 ? 'Welcome pack' : 'Insurance certificate reminder',
      category: n % 2 ? 'Commercial' : 'Service',
      date: `${String(contract.startDate)}T09:30:00.000Z`,
      persons: [{ role: 'CLIENT', personRegistration: clientOf(contract).personRegistration }],
      contractRegistration: contract.registration,
      content:
        n % 2
          ? 'Your contract has started: your schedule and direct debit dates are attached.'
          : 'Please send the insurance certificate of the financed asset.',
    });
  }

  // The books: the months billed closed but the last two, which stay open; the demo's manual entries.
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
  return {
    deals,
    lessor: lessor.personRegistration,
    invoices,
    contracts,
    amendments,
    creditLine: String(creditLine.registration),
  };
}
