/**
 * Depreciation schedules (spec 002 §7) are served by the generic routes; these write hooks
 * compute the lines from the terms on every create and update, in the write's own transaction,
 * so the stored lines always match the terms beside them. The asset is read in the caller's
 * tenant (another tenant's asset is not found) and gives the value when the terms do not.
 */
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { depreciationSchedule } from '@lbo/model/finance/depreciation';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import { findOne, toDocument, type Doc } from '../entities/storage.ts';

const assets = entityByName('Asset')!;

/** The asset's value when the schedule gives none: its price excluding tax, else unit price × quantity. */
function assetValue(asset: Doc): number | undefined {
  if (typeof asset.priceExclTax === 'number') return asset.priceExclTax;
  if (typeof asset.unitPrice === 'number')
    return new Dec(asset.unitPrice).times(typeof asset.quantity === 'number' ? asset.quantity : 1).toNumber();
  return undefined;
}

/** The terms with their computed lines, base and end date. */
async function withLines(tx: Tx, caller: Caller, doc: Doc): Promise<Doc> {
  const registration = String(doc.assetRegistration);
  const row = await findOne(tx, assets, caller.tenant, registration);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [assets.name, registration]);
  const asset = toDocument(row);
  const acquisitionValue = typeof doc.acquisitionValue === 'number' ? doc.acquisitionValue : assetValue(asset);
  if (acquisitionValue === undefined) throw new ApiError('MISSING_FIELD_IN_BODY', ['acquisitionValue']);
  const base = new Dec(acquisitionValue).minus(typeof doc.salvageValue === 'number' ? doc.salvageValue : 0);
  if (base.lte(0)) throw new ApiError('INVALID_FIELD_VALUE', [doc.salvageValue, 'salvageValue']);
  const schedule = depreciationSchedule({
    method: String(doc.method),
    base,
    duration: doc.duration as number,
    startDate: String(doc.startDate),
    fiscalYearEndMonth: doc.fiscalYearEndMonth as number | undefined,
    coefficient: doc.coefficient as number | undefined,
    prorata: doc.prorata as boolean | undefined,
  });
  return {
    ...doc,
    acquisitionValue,
    currency: doc.currency ?? asset.currency,
    depreciableBase: schedule.base,
    ...(schedule.coefficient === null ? {} : { coefficient: schedule.coefficient }),
    endDate: schedule.lines[schedule.lines.length - 1].endDate,
    lines: schedule.lines.map(
      ({
        number,
        fiscalYear,
        startDate,
        endDate,
        prorata,
        rate,
        openingValue,
        depreciation,
        accumulated,
        closingValue,
      }) => ({
        number,
        fiscalYear,
        startDate,
        endDate,
        prorata,
        rate,
        openingValue,
        depreciation,
        accumulated,
        closingValue,
      }),
    ),
  };
}

/** The write hooks depreciation schedules name (`writeHooks: 'depreciationLines'`). */
export const depreciationWriteHooks: Record<string, WriteHooks> = {
  depreciationLines: {
    beforeCreate: (tx, caller, _entity, doc) => withLines(tx, caller, doc),
    beforeUpdate: (tx, caller, _entity, doc) => withLines(tx, caller, doc),
  },
};
