import { sql } from 'kysely';
import { privateEquityAsset } from '@lbo/model/entities/private-equity/private-equity-asset.entity';
import { privateEquityOperation } from '@lbo/model/entities/private-equity/private-equity-operation.entity';
import { ApiError } from '@lbo/model/errors';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import {
  fundPerformance,
  holdingPerformance,
  sharesHeldOn,
  type FundPerformance,
  type OperationFact,
  type Performance,
} from './performance.ts';

/**
 * Private equity (docs/private-equity.md): the rules of a holding's operations on every generic
 * write, and the reads of a holding's and a fund's performance. Cancelled and rejected operations
 * count for nothing; every other one counts from its date.
 */
const NOT_COUNTED = ['CANCELLED', 'REJECTED'];
const NEEDS_SHARES = new Set(['INVESTMENT', 'PARTIAL_EXIT']);

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The counted operations of a holding, as the computation reads them (those lacking a type or date left out). */
async function operationsOf(tx: Tx, tenant: string, asset: string, except?: string): Promise<OperationFact[]> {
  const rows = await storage.findWhere(
    tx,
    privateEquityOperation,
    tenant,
    sql<boolean>`data->>'assetRegistration' = ${asset} AND coalesce(status, '') <> ALL(${NOT_COUNTED}::text[])`,
    10_000,
  );
  return rows
    .filter((r) => r.registration !== except && r.type && r.data.operationDate)
    .map((r) => ({
      registration: r.registration,
      type: String(r.type),
      date: String(r.data.operationDate),
      amount: (r.data.amount as number | undefined) ?? 0,
      shares: (r.data.shares as number | undefined) ?? null,
    }));
}

/** Refuses an operation that does not make sense for its holding, naming the field at fault. */
async function checkOperation(tx: Tx, caller: Caller, doc: Doc): Promise<void> {
  for (const field of ['assetRegistration', 'type', 'operationDate', 'amount'])
    if (!given(doc[field])) throw new ApiError('MISSING_FIELD_IN_BODY', [field]);
  const asset = await storage.findOne(tx, privateEquityAsset, caller.tenant, String(doc.assetRegistration));
  if (!asset)
    throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [privateEquityAsset.name, String(doc.assetRegistration)]);
  doc.assetRegistration = asset.registration;
  const type = String(doc.type);
  const shares = given(doc.shares) ? Number(doc.shares) : undefined;
  if (NEEDS_SHARES.has(type) && !(shares !== undefined && shares > 0))
    throw new ApiError('INVALID_POSITIVE_NUMBER_FIELD', ['shares']);
  if (type === 'INVESTMENT') return;
  const date = String(doc.operationDate);
  const others = await operationsOf(tx, caller.tenant, asset.registration, doc.registration as string | undefined);
  const invested = others.some((o) => (o.type === 'INVESTMENT' || o.type === 'FOLLOW_ON') && o.date <= date);
  if (!invested) throw new ApiError('INVALID_FIELD_VALUE', [date, 'operationDate']);
  if (type === 'PARTIAL_EXIT' && !sharesHeldOn(others, date).gt(shares!))
    throw new ApiError('INVALID_FIELD_VALUE', [String(shares), 'shares']);
}

export const privateEquityWriteHooks: Record<string, WriteHooks> = {
  privateEquityOperation: {
    async beforeCreate(tx, caller, _entity, doc) {
      await checkOperation(tx, caller, doc);
      return doc;
    },
    async beforeUpdate(tx, caller, _entity, doc, before) {
      await checkOperation(tx, caller, { ...doc, registration: before.registration });
      return doc;
    },
  },
};

const decimalsOf = (currency: unknown) => currencyDecimals(typeof currency === 'string' && currency ? currency : 'EUR');

/** A holding with its performance on `asOf` (its latest operation's date when not given). */
export async function assetPerformance(
  tx: Tx,
  tenant: string,
  id: string,
  asOf?: string,
): Promise<{ registration: string; name: string; fund: string | null; currency: string | null } & Performance> {
  const asset = await storage.findOne(tx, privateEquityAsset, tenant, id);
  if (!asset) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [privateEquityAsset.name, id]);
  const operations = await operationsOf(tx, tenant, asset.registration);
  return {
    registration: asset.registration,
    name: asset.name ?? '',
    fund: (asset.data.fund as string | undefined) ?? null,
    currency: (asset.data.currency as string | undefined) ?? null,
    ...holdingPerformance(operations, { asOf, decimals: decimalsOf(asset.data.currency) }),
  };
}

/** A fund's holdings (those naming it) with their performance and the fund's, in one currency. */
export async function fundPerformanceOf(
  tx: Tx,
  tenant: string,
  fund: string,
  asOf?: string,
): Promise<{ fund: string; currency: string | null } & FundPerformance> {
  const assets = await storage.findWhere(tx, privateEquityAsset, tenant, sql<boolean>`data->>'fund' = ${fund}`, 10_000);
  if (!assets.length) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['fund', fund]);
  const currencies = [...new Set(assets.map((a) => (a.data.currency as string | undefined) ?? ''))].filter(Boolean);
  // Sums across currencies would mean nothing: a fund reports in one.
  if (currencies.length > 1) throw new ApiError('INVALID_FIELD_VALUE', [currencies.join(', '), 'currency']);
  const holdings = [];
  for (const asset of assets)
    holdings.push({
      registration: asset.registration,
      name: asset.name ?? '',
      operations: await operationsOf(tx, tenant, asset.registration),
    });
  return {
    fund,
    currency: currencies[0] ?? null,
    ...fundPerformance(holdings, { asOf, decimals: decimalsOf(currencies[0]) }),
  };
}
