/**
 * Index-linked elements revalued on their contract's anniversaries (finance/indexation.ts), from
 * the index values stored in the contract's product, future lines only, each with its formula;
 * in one transaction with the contract locked, a History row `INDEXATION` per element.
 */
import { ApiError } from '@lbo/model/errors';
import { FinanceError } from '@lbo/model/finance/finance-errors';
import { elementTotals, type QuotationTerms, type ScheduleLine } from '@lbo/model/finance/contract-schedule';
import { indexLines, type IndexValue } from '@lbo/model/finance/indexation';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import { decimalsOf, kind, mustFindRow, rowsWhere, taxesOf, updateRecord } from './financing-records.ts';

export interface ContractIndexation {
  contractRegistration: string;
  elements: { registration: string; code: unknown; indexedUntil?: string; applied: { anniversary: string; index: number; base: number; lines: number }[] }[];
}

export async function indexContract(tx: Tx, caller: Caller, id: string, asOf: string): Promise<ContractIndexation> {
  const contract = await mustFindRow(tx, caller, kind('Contract'), id, true);
  if (contract.status !== 'ACTIVE') throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(contract.registration), `contract (it is ${contract.status}, not ACTIVE)`]);
  const productRegistration = (contract.data.scheduleTerms as QuotationTerms | undefined)?.productRegistration;
  const product = productRegistration ? await storage.findOne(tx, kind('Product'), caller.tenant, productRegistration) : undefined;
  const values = (product?.data.indexValues as IndexValue[] | undefined) ?? [];
  const elements = (await rowsWhere(tx, caller, kind('ContractElement'), 'contractRegistration', contract.registration, 1000))
    .filter((e) => e.data.indexed === true && e.status === 'ACTIVE');
  if (elements.length && !values.length) {
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(productRegistration ?? null), 'productRegistration (its product holds no index values)']);
  }
  const taxes = await taxesOf(tx, caller);
  const decimals = decimalsOf(contract.data.currency);
  const out: ContractIndexation = { contractRegistration: contract.registration, elements: [] };
  for (const element of elements) {
    let result;
    try {
      result = indexLines({
        startDate: String(contract.data.startDate), asOf, indexedUntil: element.data.indexedUntil as string | undefined, values,
        lines: (element.data.lines as ScheduleLine[] | undefined) ?? [], taxes, decimals,
      });
    } catch (error) {
      if (error instanceof FinanceError) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(asOf), `date (${error.message})`]);
      throw error;
    }
    if (result.applied.length) {
      await updateRecord(tx, caller, kind('ContractElement'), element, {
        ...element.data, lines: result.lines, ...elementTotals(result.lines, decimals), indexedUntil: result.indexedUntil, status: element.status,
      }, 'INDEXATION', { details: { applied: result.applied } });
    }
    out.elements.push({ registration: element.registration, code: element.data.code, indexedUntil: result.indexedUntil, applied: result.applied });
  }
  return out;
}
