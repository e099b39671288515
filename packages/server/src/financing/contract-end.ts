/**
 * The end of a contract (spec: end of life). At the end of its term the purchase option is
 * exercised (financial lease, hire purchase, loan: the residual value line stays to be invoiced,
 * the asset is sold to the client) or the asset is returned (operating lease, rental: the residual
 * value line is cancelled). Its elements end with it, and its assets follow.
 */
import { asset as assetKind } from '@lbo/model/entities/asset/asset.entity';
import { contractElement as contractElementKind } from '@lbo/model/entities/financing/contract-element.entity';
import type { ScheduleLine } from '@lbo/model/finance/contract-schedule';
import { elementTotals } from '@lbo/model/finance/contract-schedule';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, RowOf } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { refusal } from './transition-refusal.ts';
import { updateIn } from '../entities/crud.operation.ts';

type ElementRow = RowOf<typeof contractElementKind>;

/** Products whose asset is returned at the end of the term unless the contract says otherwise. */
const returnedAtEnd = new Set(['OPERATING_LEASE', 'RENTAL']);

/** Ends elements still running. */
export async function endElements(
  tx: Tx,
  caller: Caller,
  rows: ElementRow[],
  extra: Doc,
  change: (row: ElementRow) => ElementRow['data'] = (row) => row.data,
): Promise<void> {
  const entity = contractElementKind;
  for (const row of rows) {
    if (row.status !== 'ACTIVE' && row.status !== 'SUSPENDED') continue;
    await updateIn(
      tx,
      caller,
      entity,
      row,
      { ...change(row), status: 'TERMINATED' },
      { action: 'CONTRACT_END', history: extra },
    );
  }
}

/** The assets of an ended contract follow it: sold to the client, or returned. */
export async function endAssets(tx: Tx, caller: Caller, contract: Doc, status: 'SOLD' | 'RETURNED'): Promise<void> {
  for (const line of (contract.assets as Doc[] | undefined) ?? []) {
    if (typeof line.assetRegistration !== 'string') continue;
    const row = await storage.findOne(tx, assetKind, caller.tenant, line.assetRegistration, true);
    if (!row) continue;
    await updateIn(
      tx,
      caller,
      assetKind,
      row,
      { ...row.data, status },
      {
        action: 'CONTRACT_END',
        history: {
          details: { contractRegistration: contract.registration },
        },
      },
    );
  }
}

/** END_TERM: every instalment is due; the purchase option is exercised or the asset returned. */
export async function endContractTerm(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller, today } = context;
  const elements = await storage.findByField(
    tx,
    contractElementKind,
    caller.tenant,
    'contractRegistration',
    String(doc.registration),
    1000,
  );
  const rent = elements.find((e) => e.type === 'RENT' || e.type === 'INSTALMENT');
  const ahead = ((rent?.data.lines as ScheduleLine[] | undefined) ?? []).filter(
    (l) => l.status === 'PLANNED' && l.dueDate > today,
  );
  if (ahead.length) {
    throw refusal(
      context,
      'TERM_NOT_REACHED',
      `The term is not reached: ${ahead.length} instalment(s) fall due after ${today}, the last on ${ahead[ahead.length - 1].dueDate}; end it early with an early termination amendment`,
      { plannedLines: ahead.length },
    );
  }
  const product = String((doc.quotations as Doc[] | undefined)?.[0]?.financialProduct ?? doc.financialProduct ?? '');
  const option =
    doc.endOfTermOption === 'PURCHASE' || doc.endOfTermOption === 'RETURN'
      ? doc.endOfTermOption
      : returnedAtEnd.has(product)
        ? 'RETURN'
        : 'PURCHASE';
  const decimals = decimalsOf(doc.currency);
  await endElements(tx, caller, elements, { details: { endOfTermOption: option } }, (row) => {
    if (row.type !== 'RESIDUAL_VALUE' || option === 'PURCHASE') return row.data;
    const lines = ((row.data.lines as ScheduleLine[] | undefined) ?? []).map((l) =>
      l.status === 'PLANNED' ? { ...l, status: 'CANCELLED' as const } : l,
    );
    return { ...row.data, lines, ...elementTotals(lines, decimals) };
  });
  await endAssets(tx, caller, doc, option === 'PURCHASE' ? 'SOLD' : 'RETURNED');
  return { ...doc, endOfTermOption: option, outstandingPrincipal: 0, nextDueDate: null };
}
