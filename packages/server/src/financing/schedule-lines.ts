/**
 * Where schedule lines stand (planned → invoiced → paid), as billing and payments record it, and
 * what follows on the contract: the capital still due, the next due date, its credit line. Also the
 * contract summary the detail screen shows.
 */
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { contractElement as contractElementKind } from '@lbo/model/entities/financing/contract-element.entity';
import { ApiError } from '@lbo/model/errors';
import { xirrNumber } from '@lbo/model/finance/cashflows';
import { parseIsoDate } from '@lbo/model/finance/dates';
import {
  elementTotals,
  fromMinorUnits,
  toMinorUnits,
  type LineStatus,
  type ScheduleLine,
} from '@lbo/model/finance/contract-schedule';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc, Row, RowOf } from '../entities/storage.ts';
import { sql } from 'kysely';
import { updateManyIn } from '../entities/bulk-writes.ts';
import * as storage from '../entities/storage.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { mustFindRow } from '../entities/crud.operation.ts';
import { refreshCreditLineOf } from './credit-lines.ts';

/**
 * The moves a line may make: back from PAID when a payment's allocation is reversed, back to
 * PLANNED (to be billed again) or CANCELLED when its invoice is cancelled by a credit note.
 */
const allowed: Record<LineStatus, LineStatus[]> = {
  PLANNED: ['INVOICED', 'PAID', 'CANCELLED'],
  INVOICED: ['PAID', 'PLANNED', 'CANCELLED'],
  PAID: ['INVOICED'],
  CANCELLED: [],
};

type ElementRow = RowOf<typeof contractElementKind>;

const capital = (e: Row) => e.type === 'RENT' || e.type === 'INSTALMENT' || e.type === 'RESIDUAL_VALUE';
const due = (l: ScheduleLine) => l.status === 'PLANNED' || l.status === 'INVOICED';

/** Capital still due and next due date of a contract from its elements' lines. */
export function contractPosition(
  elements: Row[],
  decimals: number,
): { outstandingPrincipal: number; nextDueDate: string | null } {
  let outstanding = 0;
  let next: string | null = null;
  for (const e of elements) {
    if (e.status === 'CANCELLED' || !capital(e)) continue;
    for (const l of (e.data.lines as ScheduleLine[] | undefined) ?? []) {
      if (!due(l)) continue;
      outstanding += toMinorUnits(l.principal, decimals);
      if (l.status === 'PLANNED' && (next === null || l.dueDate < next)) next = l.dueDate;
    }
  }
  return { outstandingPrincipal: fromMinorUnits(outstanding, decimals), nextDueDate: next };
}

/** Lines of one element to move: `invoiceRegistrations[i]` is the invoice of `numbers[i]` when billed. */
export interface LineStatusChange {
  element: ElementRow;
  numbers: number[];
  invoiceRegistrations?: string[];
}

/** The element's lines after the change; a move its status does not allow throws naming the line. */
function changedLines(
  element: ElementRow,
  numbers: number[],
  status: LineStatus,
  invoiceRegistrations?: string[],
): ScheduleLine[] {
  const lines = [...((element.data.lines as ScheduleLine[] | undefined) ?? [])];
  numbers.forEach((number, i) => {
    const index = lines.findIndex((l) => l.number === number);
    if (index < 0)
      throw new ApiError('INVALID_FIELD_VALUE', [
        String(number),
        `numbers[${i}] (element ${element.registration} has no such line)`,
      ]);
    const from = lines[index].status;
    if (from !== status && !allowed[from].includes(status))
      throw new ApiError('INVALID_FIELD_VALUE', [
        String(number),
        `numbers[${i}] (a ${from} line cannot become ${status})`,
      ]);
    const { invoiceRegistration: _billedBy, ...line } = lines[index];
    // A line planned again is no longer any invoice's.
    lines[index] =
      status === 'PLANNED'
        ? { ...line, status }
        : {
            ...lines[index],
            status,
            ...(invoiceRegistrations?.[i] ? { invoiceRegistration: invoiceRegistrations[i] } : {}),
          };
  });
  return lines;
}

/**
 * What a line-status change changed: each line that moved (`lines[n]`, n its number) and the
 * totals, rather than the whole schedule before and after (a billing run writes one of these per
 * element billed, and a schedule has up to hundreds of lines).
 */
function lineChanges(before: Doc, after: Doc): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const previous = new Map(((before.lines as ScheduleLine[] | undefined) ?? []).map((l) => [l.number, l]));
  for (const line of (after.lines as ScheduleLine[] | undefined) ?? []) {
    const was = previous.get(line.number);
    if (was !== line) changes[`lines[${line.number}]`] = { from: was ?? null, to: line };
  }
  for (const key of ['totalExclTax', 'totalTax', 'totalPayment']) {
    if (before[key] !== after[key]) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

/**
 * Sets the status of lines of several elements (rows the caller locked), in one statement with
 * their History rows; the position of their active contracts (capital due, next due date) and
 * their credit lines follow. Billing moves a whole chunk of elements at once this way.
 */
export async function recordLinesStatus(
  tx: Tx,
  caller: Caller,
  changes: LineStatusChange[],
  status: LineStatus,
): Promise<Doc[]> {
  const entity = contractElementKind;
  if (!changes.length) return [];
  const updates = changes.map(({ element, numbers, invoiceRegistrations }) => {
    const lines = changedLines(element, numbers, status, invoiceRegistrations);
    return {
      element,
      numbers,
      data: {
        ...element.data,
        lines,
        ...elementTotals(lines, decimalsOf(element.data.currency)),
      },
    };
  });
  // A billing chunk moves thousands of elements' lines: through the bulk writes (entities/bulk-writes.ts),
  // each History row naming the lines that moved rather than the schedules before and after.
  const written = new Map(
    (
      await updateManyIn(
        tx,
        caller,
        entity,
        updates.map((u) => ({
          row: u.element,
          data: u.data,
          changes: lineChanges(u.element.data, u.data),
          history: { details: { numbers: u.numbers, status } },
        })),
        { action: 'LINE_STATUS' },
      )
    ).map((row) => [row.registration, row]),
  );
  const contractRegistrations = [
    ...new Set(changes.map((c) => String(c.element.data.contractRegistration ?? '')).filter(Boolean)),
  ];
  if (contractRegistrations.length) {
    const contracts = (await storage.findMany(tx, contractKind, caller.tenant, contractRegistrations, true)).filter(
      (c) => c.status === 'ACTIVE',
    );
    const elementsOf = new Map<string, Row[]>();
    // Their other elements; those just written are not read again.
    const others = await storage.findWhere(
      tx,
      entity,
      caller.tenant,
      sql<boolean>`data->>'contractRegistration' = ANY(${contracts.map((c) => c.registration)}::text[])
      AND NOT registration = ANY(${[...written.keys()]}::text[])`,
      1_000_000,
    );
    const active = new Set(contracts.map((c) => c.registration));
    for (const row of [
      ...others,
      ...[...written.values()].filter((e) => active.has(String(e.data.contractRegistration))),
    ]) {
      const key = String(row.data.contractRegistration);
      elementsOf.set(key, [...(elementsOf.get(key) ?? []), row]);
    }
    const moved = contracts.flatMap((contract) => {
      const position = contractPosition(
        elementsOf.get(contract.registration) ?? [],
        decimalsOf(contract.data.currency),
      );
      if (
        position.outstandingPrincipal === contract.data.outstandingPrincipal &&
        position.nextDueDate === contract.data.nextDueDate
      )
        return [];
      return [
        {
          contract,
          data: { ...contract.data, ...position },
        },
      ];
    });
    const after = await updateManyIn(
      tx,
      caller,
      contractKind,
      moved.map((m) => ({ row: m.contract, data: m.data })),
      { action: 'UPDATE' },
    );
    for (const row of after)
      if (row.data.creditLineRegistration) await refreshCreditLineOf(tx, caller, storage.toDocument(row));
  }
  return changes.map((c) => storage.toDocument(written.get(c.element.registration)!));
}

/**
 * Sets the status of lines `numbers` of an element; the contract's position and credit line follow.
 * Billing gives each line's invoice (`invoiceRegistrations[i]` for `numbers[i]`), kept on the line.
 */
export async function recordLineStatus(
  tx: Tx,
  caller: Caller,
  elementId: string,
  numbers: number[],
  status: LineStatus,
  invoiceRegistrations?: string[],
): Promise<Doc> {
  const element = await mustFindRow(tx, caller, contractElementKind, elementId, true);
  return (await recordLinesStatus(tx, caller, [{ element, numbers, invoiceRegistrations }], status))[0];
}

export interface ContractSummary {
  registration: string;
  status: string | null;
  currency: string;
  financedAmount: number | null;
  outstandingPrincipal: number;
  nextDueDate: string | null;
  /** The contract's `arrears` kept by billing (unpaid receivable invoices due), else its invoiced receivable lines past due. */
  arrears: number;
  paid: number;
  /** Annual internal rate of return of the contract's flows (financed amount out, rent and residual value in). */
  irr: number | null;
  elements: { registration: string; type: string | null; code: unknown; totalPayment: unknown; lines: number }[];
}

/** The summary card of a contract (spec 001 §2.12 "contractsummary") as of `today`. */
export async function contractSummary(tx: Tx, caller: Caller, id: string, today: string): Promise<ContractSummary> {
  const contract = await mustFindRow(tx, caller, contractKind, id);
  const elements = await storage.findByField(
    tx,
    contractElementKind,
    caller.tenant,
    'contractRegistration',
    contract.registration,
    1000,
  );
  const decimals = decimalsOf(contract.data.currency);
  let arrears = 0,
    paid = 0;
  const flows: number[] = [],
    days: number[] = [];
  const financed = typeof contract.data.financedAmountExclTax === 'number' ? contract.data.financedAmountExclTax : null;
  if (financed !== null && typeof contract.data.startDate === 'string') {
    flows.push(-financed);
    days.push(parseIsoDate(contract.data.startDate)!);
  }
  for (const e of elements) {
    for (const l of (e.data.lines as ScheduleLine[] | undefined) ?? []) {
      if (e.data.pr !== 'R') continue;
      if (l.status === 'INVOICED' && l.dueDate < today) arrears += toMinorUnits(l.amountInclTax, decimals);
      if (l.status === 'PAID') paid += toMinorUnits(l.amountInclTax, decimals);
      if (capital(e) && l.status !== 'CANCELLED') {
        flows.push(l.principal + l.interest);
        days.push(parseIsoDate(l.dueDate)!);
      }
    }
  }
  let irr: number | null = null;
  try {
    if (flows.length > 1) irr = xirrNumber(flows, days, 0.05);
  } catch {
    irr = null;
  }
  const position =
    contract.status === 'ACTIVE'
      ? contractPosition(elements, decimals)
      : { outstandingPrincipal: 0, nextDueDate: null };
  return {
    registration: contract.registration,
    status: contract.status,
    currency: String(contract.data.currency ?? 'EUR'),
    financedAmount: financed,
    // The contract's own figure once billing keeps it (its receivable invoices unpaid and due), else its invoiced lines past due.
    ...position,
    arrears: typeof contract.data.arrears === 'number' ? contract.data.arrears : fromMinorUnits(arrears, decimals),
    paid: fromMinorUnits(paid, decimals),
    irr,
    elements: elements.map((e) => ({
      registration: e.registration,
      type: e.type,
      code: e.data.code,
      totalPayment: e.data.totalPayment,
      lines: ((e.data.lines as unknown[] | undefined) ?? []).length,
    })),
  };
}
