/**
 * Index-linked elements revalued on their contract's anniversaries (finance/indexation.ts), from
 * the index values stored in the contract's product, future lines only, each with its formula;
 * in one transaction with the contract locked, a History row `INDEXATION` per element.
 */
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { contractElement as contractElementKind } from '@lbo/model/entities/financing/contract-element.entity';
import { product as productKind } from '@lbo/model/entities/financing/product.entity';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { FinanceError } from '@lbo/model/finance/finance-errors';
import { elementTotals, type QuotationTerms, type ScheduleLine } from '@lbo/model/finance/contract-schedule';
import { indexLines, type IndexValue } from '@lbo/model/finance/indexation';
import { parseIsoDate } from '@lbo/model/finance/dates';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { taxesOf } from './tenant-taxes.ts';
import { mustFindRow, updateIn } from '../entities/crud.operation.ts';

export interface ContractIndexation {
  contractRegistration: string;
  elements: {
    registration: string;
    code: unknown;
    indexedUntil?: string;
    applied: { anniversary: string; index: number; base: number; lines: number }[];
  }[];
}

export async function indexContract(tx: Tx, caller: Caller, id: string, asOf: string): Promise<ContractIndexation> {
  const contract = await mustFindRow(tx, caller, contractKind, id, true);
  if (contract.status !== 'ACTIVE')
    throw new ApiError('INVALID_FIELD_VALUE', [
      JSON.stringify(contract.registration),
      `contract (it is ${contract.status}, not ACTIVE)`,
    ]);
  const productRegistration = (contract.data.scheduleTerms as QuotationTerms | undefined)?.productRegistration;
  const product = productRegistration
    ? await storage.findOne(tx, productKind, caller.tenant, productRegistration)
    : undefined;
  const values = (product?.data.indexValues as IndexValue[] | undefined) ?? [];
  const elements = (
    await storage.findByField(
      tx,
      contractElementKind,
      caller.tenant,
      'contractRegistration',
      contract.registration,
      1000,
    )
  ).filter((e) => e.data.indexed === true && e.status === 'ACTIVE');
  if (elements.length && !values.length) {
    throw new ApiError('INVALID_FIELD_VALUE', [
      JSON.stringify(productRegistration ?? null),
      'productRegistration (its product holds no index values)',
    ]);
  }
  const taxes = await taxesOf(tx, caller);
  const decimals = decimalsOf(contract.data.currency);
  const out: ContractIndexation = { contractRegistration: contract.registration, elements: [] };
  for (const element of elements) {
    let result;
    try {
      result = indexLines({
        startDate: String(contract.data.startDate),
        asOf,
        indexedUntil: element.data.indexedUntil as string | undefined,
        values,
        lines: (element.data.lines as ScheduleLine[] | undefined) ?? [],
        taxes,
        decimals,
      });
    } catch (error) {
      if (error instanceof FinanceError)
        throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(asOf), `date (${error.message})`]);
      throw error;
    }
    if (result.applied.length) {
      await updateIn(
        tx,
        caller,
        contractElementKind,
        element,
        {
          ...element.data,
          lines: result.lines,
          ...elementTotals(result.lines, decimals),
          indexedUntil: result.indexedUntil,
        },
        { action: 'INDEXATION', history: { details: { applied: result.applied } } },
      );
    }
    out.elements.push({
      registration: element.registration,
      code: element.data.code,
      indexedUntil: result.indexedUntil,
      applied: result.applied,
    });
  }
  return out;
}

export interface DueIndexation {
  date: string;
  indexed: ContractIndexation[];
  /** Contracts that could not be revalued (their product holds no index values…), each left as it was. */
  failed: { contractRegistration: string; error: string }[];
}

/**
 * Every active contract of the caller's tenant with an index-linked element whose next
 * anniversary has come by `date` (the day after its last one applied, or its start, plus a
 * year), revalued as `indexContract` does: the scheduled job's call. Each contract under its own
 * savepoint, so that one that cannot be revalued is reported and leaves the others done.
 */
export async function indexDueContracts(tx: Tx, caller: Caller, date: string): Promise<DueIndexation> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !parseIsoDate(date)) throw new ApiError('INVALID_DATE_FIELD', ['date']);
  const elements = contractElementKind;
  const element = sql.table(elements.table),
    contract = sql.table(contractKind.table);
  // Its last anniversary applied a year ago or more; never applied, its active contract started a year ago or more.
  const due = await storage.findWhere(
    tx,
    elements,
    caller.tenant,
    sql<boolean>`${element}.status = 'ACTIVE' AND ${element}.data->>'indexed' = 'true'
    AND CASE WHEN ${element}.data->>'indexedUntil' IS NOT NULL THEN (${element}.data->>'indexedUntil')::date + interval '1 year' <= ${date}::date
      ELSE EXISTS (SELECT 1 FROM ${contract} c WHERE c.tenant = ${caller.tenant} AND c.registration = ${element}.data->>'contractRegistration'
        AND c.status = 'ACTIVE' AND (c.data->>'startDate')::date + interval '1 year' <= ${date}::date) END`,
    100_000,
  );
  const contracts = [...new Set(due.map((e) => String(e.data.contractRegistration ?? '')).filter(Boolean))].sort();
  const out: DueIndexation = { date, indexed: [], failed: [] };
  for (const contract of contracts) {
    await sql`SAVEPOINT index_contract`.execute(tx);
    try {
      const done = await indexContract(tx, caller, contract, date);
      await sql`RELEASE SAVEPOINT index_contract`.execute(tx);
      if (done.elements.some((e) => e.applied.length)) out.indexed.push(done);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT index_contract`.execute(tx);
      if (!(error instanceof ApiError)) throw error;
      out.failed.push({ contractRegistration: contract, error: error.message });
    }
  }
  return out;
}
