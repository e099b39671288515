/**
 * Credit lines follow the contracts drawn on them (`creditLineRegistration`). Their figures are
 * recomputed from those contracts, with the credit line's row locked, in the transaction of every
 * change of a contract's status or schedule, so they stay true whatever order changes commit in:
 *   pending      Σ financed amount of submitted and approved contracts
 *   outstanding  Σ capital still due of active contracts (repaid by their paid lines)
 *   liveStock    Σ financed amount of active contracts
 *   available    creditLimit − outstanding − pending
 * A submission that would take outstanding + pending over the limit is refused (409, with a
 * rejectionReason). The lock makes concurrent submissions wait for each other, on PostgreSQL as on
 * PGlite, so twenty at once never exceed the limit.
 */
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { creditLine as creditLineKind } from '@lbo/model/entities/financing/credit-line.entity';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { refusal } from './transition-refusal.ts';
import { updateIn } from '../entities/crud.operation.ts';

const pendingStatuses = new Set(['SUBMITTED', 'APPROVED']);

export interface CreditLineFigures {
  creditLimit: number;
  outstanding: number;
  pending: number;
  available: number;
  liveStock: number;
}

/** The figures of a credit line from its contracts; `current` replaces the stored copy of the contract being changed. */
export async function creditLineFigures(
  tx: Tx,
  caller: Caller,
  creditLine: Doc,
  current?: Doc,
): Promise<CreditLineFigures> {
  const rows = await storage.findByField(
    tx,
    contractKind,
    caller.tenant,
    'creditLineRegistration',
    String(creditLine.registration),
    10_000,
  );
  const contracts: Doc[] = rows.flatMap((r) =>
    current && r.registration === current.registration ? [] : [storage.toDocument(r)],
  );
  if (current && current.creditLineRegistration === creditLine.registration) contracts.push(current);
  const decimals = decimalsOf(creditLine.currency);
  let pending = new Dec(0),
    outstanding = new Dec(0),
    liveStock = new Dec(0);
  for (const c of contracts) {
    const amount = new Dec(typeof c.financedAmountExclTax === 'number' ? c.financedAmountExclTax : 0);
    if (pendingStatuses.has(String(c.status))) pending = pending.plus(amount);
    if (c.status === 'ACTIVE') {
      outstanding = outstanding.plus(typeof c.outstandingPrincipal === 'number' ? c.outstandingPrincipal : amount);
      liveStock = liveStock.plus(amount);
    }
  }
  const limit = new Dec(typeof creditLine.creditLimit === 'number' ? creditLine.creditLimit : 0);
  const round = (d: InstanceType<typeof Dec>) => d.toDecimalPlaces(decimals).toNumber() + 0;
  return {
    creditLimit: round(limit),
    outstanding: round(outstanding),
    pending: round(pending),
    liveStock: round(liveStock),
    available: round(limit.minus(outstanding).minus(pending)),
  };
}

/** Locks the credit line, recomputes its figures with `contract` as it will be stored, and writes them when they changed. */
export async function refreshCreditLineOf(
  tx: Tx,
  caller: Caller,
  contract: Doc,
  registration = contract.creditLineRegistration,
): Promise<{ line: Doc; figures: CreditLineFigures } | undefined> {
  if (typeof registration !== 'string' || !registration) return undefined;
  const entity = creditLineKind;
  const row = await storage.findOne(tx, entity, caller.tenant, registration, true);
  if (!row) return undefined;
  const line = storage.toDocument(row);
  const figures = await creditLineFigures(tx, caller, line, contract);
  const changed = (Object.keys(figures) as (keyof CreditLineFigures)[]).some((k) => line[k] !== figures[k]);
  if (changed) await updateIn(tx, caller, entity, row, { ...row.data, ...figures });
  return { line, figures };
}

export async function refreshCreditLine(context: SideEffectContext): Promise<Doc> {
  await refreshCreditLineOf(context.tx, context.caller, context.doc);
  return context.doc;
}

/** SUBMIT: the contract draws on its credit line, which must be active and have room for it. */
export async function reserveCreditLine(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller } = context;
  const registration = doc.creditLineRegistration;
  if (typeof registration !== 'string' || !registration) return doc;
  const entity = creditLineKind;
  const row = await storage.findOne(tx, entity, caller.tenant, registration, true);
  if (!row)
    throw refusal(context, 'CREDIT_LINE', `Credit line ${registration} not found`, {
      creditLineRegistration: registration,
    });
  if (row.status !== 'ACTIVE')
    throw refusal(context, 'CREDIT_LINE', `Credit line ${registration} is ${row.status}, not ACTIVE`, {
      creditLineRegistration: registration,
    });
  const line = storage.toDocument(row);
  const figures = await creditLineFigures(tx, caller, line, doc);
  if (figures.available < 0) {
    const before = await creditLineFigures(tx, caller, line);
    const currency = typeof line.currency === 'string' ? ` ${line.currency}` : '';
    throw refusal(
      context,
      'CREDIT_LIMIT',
      `Credit line ${registration} has ${before.available}${currency} available; the contract needs ${doc.financedAmountExclTax}${currency}`,
      {
        creditLineRegistration: registration,
        available: before.available,
        requested: doc.financedAmountExclTax,
      },
    );
  }
  await refreshCreditLineOf(tx, caller, doc);
  return doc;
}
