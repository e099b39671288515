/**
 * Reads and writes of the payments domain inside a caller's transaction: records locked by
 * registration, documents replaced with their History row, amounts in minor units.
 */
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { fromMinorUnits, toMinorUnits } from '@lbo/model/finance/contract-schedule';
import { currencyDecimals } from '@lbo/model/values/currencies';
import { moneyLimits } from '@lbo/model/values/limits';
import type { Tx } from '../../db/database.ts';
import type { Caller } from '../../entities/crud.operation.ts';
import { insertHistory } from '../../entities/history.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, Row } from '../../entities/storage.ts';

const kind = (name: string): Entity => entityByName(name)!;
export const cashflowKind = kind('Cashflow');
export const allocationKind = kind('CashflowAllocation');
export const invoiceKind = kind('Invoice');
export const invoiceLineKind = kind('InvoiceLine');
export const contractKind = kind('Contract');
export const elementKind = kind('ContractElement');

/** The record `registration` of `entity`, locked until the transaction ends; 404 when the tenant has none. */
export async function lockRecord(tx: Tx, caller: Caller, entity: Entity, registration: string): Promise<Row> {
  const row = await storage.findOne(tx, entity, caller.tenant, registration, true);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, registration]);
  return row;
}

/** Replaces a record's document (its status kept) and writes its History row. */
export async function rewrite(
  tx: Tx,
  caller: Caller,
  entity: Entity,
  row: Row,
  data: Doc,
  action: string,
  extra?: Doc,
): Promise<Doc> {
  const before = storage.toDocument(row);
  const after = storage.toDocument(
    await storage.updateRow(tx, entity, caller.tenant, caller.username, row._id, {
      ...data,
      registration: row.registration,
      ...(row.status !== null ? { status: row.status } : {}),
    }),
  );
  // What the domain tells beside the change goes in the History row's declared `details`.
  await insertHistory(tx, caller, {
    entityName: entity.name,
    entityRegistration: row.registration,
    action,
    before,
    after,
    ...(extra ? { extra: { details: extra } } : {}),
  });
  return after;
}

export const decimalsOf = (currency: unknown) =>
  currencyDecimals(typeof currency === 'string' && currency ? currency : 'EUR');

/** A money number in minor units of `currency`. */
export const minor = (value: unknown, currency: unknown) =>
  toMinorUnits(typeof value === 'number' ? value : 0, decimalsOf(currency));
export const major = (value: number, currency: unknown) => fromMinorUnits(value, decimalsOf(currency));

/** An amount given by a client: positive, with no more decimals than its currency has. */
export function mustBeAmount(value: unknown, currency: unknown, field: string): number {
  const decimals = decimalsOf(currency);
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new ApiError('INVALID_POSITIVE_NUMBER_FIELD', [field]);
  if (value > moneyLimits.maxAmount)
    throw new ApiError('INVALID_FIELD_VALUE', [String(value), `${field} (at most ${moneyLimits.maxAmount})`]);
  const units = toMinorUnits(value, decimals);
  if (Math.abs(value * 10 ** decimals - units) > 1e-6)
    throw new ApiError('INVALID_FIELD_VALUE', [
      String(value),
      `${field} (at most ${decimals} decimals in ${String(currency)})`,
    ]);
  return units;
}

/** What is left to pay on an invoice, in minor units: its balance, else its total while nothing is paid. */
export const invoiceBalance = (invoice: Doc) =>
  minor(typeof invoice.totalBalance === 'number' ? invoice.totalBalance : invoice.amountInclTax, invoice.currency);

/** The person of `role` on a record's `persons`. */
export const personOf = (doc: Doc, role: string) =>
  ((doc.persons as { role?: string; personRegistration?: string }[] | undefined) ?? []).find((p) => p.role === role)
    ?.personRegistration;

export const openInvoiceStatuses = ['ISSUED', 'PARTIALLY_PAID'];
