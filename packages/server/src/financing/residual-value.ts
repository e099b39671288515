/**
 * A quotation's residual value read from the vehicle catalogue's curve (docs/residual-values.md):
 * the curve of the quotation's vehicle (model, manufacturer, year, usage: from the request, else
 * from the asset of its asset line) read through the catalogue adapter, the percentage at the
 * quotation's term applied to the vehicle's price, and — when applied — the value, the curve and
 * the moment it was read stored on the quotation, which the finance engine then prices again, in
 * one audited write. The provider is called between two short transactions, never inside one, so
 * no database connection waits on it; a record changed meanwhile is refused (409), not overwritten.
 */
import type { Entity } from '@lbo/model/entity';
import { asset as assetKind } from '@lbo/model/entities/asset/asset.entity';
import { ApiError } from '@lbo/model/errors';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { type Caller, databaseError, mustFindRow, updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { regressorCurves } from '../external/external.module.ts';
import { financedRecordHooks } from './quotation-pricing.ts';
import {
  type CurvePoint,
  type ResidualValueReading,
  curvePoints,
  percentAt,
  percentFraction,
  residualAmount,
  termMonths,
} from '@lbo/model/finance/residual-value-curve';

/** What the curve is asked for; each absent one is taken from the quotation's vehicle. */
export interface CurveRequest {
  modelName?: string;
  manufacturerName?: string;
  year?: number;
  usage?: string;
  /** The asset line whose vehicle and price are meant (else the first financed line with an asset). */
  assetRegistration?: string;
  /** The version of the record the user saw: a record changed since is refused (409). */
  _version?: number;
}

type Quotation = Doc & { registration?: string; duration?: number; financedAmountExclTax?: number };
type AssetLine = Doc & { assetRegistration?: string; isFinanced?: boolean; priceExclTax?: number };

const given = (v: unknown): v is string | number => v !== undefined && v !== null && v !== '';

/** The curve's inputs, term and base for one quotation of a deal or contract. */
async function curveInputs(tx: Tx, caller: Caller, entity: Entity, id: string, quotationId: string, ask: CurveRequest) {
  const row = await mustFindRow(tx, caller, entity, id);
  const doc = row.data as Doc;
  const quotations = (doc.quotations as Quotation[] | undefined) ?? [];
  const index = quotations.findIndex((q) => q.registration === quotationId);
  if (index < 0)
    throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Quotation', `${row.registration}/${quotationId}`]);
  const quotation = quotations[index];
  const lines = ((doc.assets as AssetLine[] | undefined) ?? []).filter((l) => given(l.assetRegistration));
  const line = ask.assetRegistration
    ? lines.find((l) => l.assetRegistration === ask.assetRegistration)
    : (lines.find((l) => l.isFinanced !== false) ?? lines[0]);
  if (ask.assetRegistration && !line)
    throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Asset', `${row.registration}/${ask.assetRegistration}`]);
  let vehicle: Doc = {};
  if (line) {
    const found = await storage.findOne(tx, assetKind, caller.tenant, line.assetRegistration as string);
    if (found) vehicle = found.data as Doc;
  }
  const registrationYear =
    typeof vehicle.registrationDate === 'string' ? Number(vehicle.registrationDate.slice(0, 4)) : undefined;
  const query = {
    modelName: ask.modelName ?? (given(vehicle.model) ? String(vehicle.model) : undefined),
    manufacturerName: ask.manufacturerName ?? (given(vehicle.manufacturer) ? String(vehicle.manufacturer) : undefined),
    year: ask.year ?? (given(vehicle.modelYear) ? Number(vehicle.modelYear) : registrationYear),
    usage: ask.usage ?? (given(vehicle.usage) ? String(vehicle.usage) : undefined),
  };
  // Spec 002 §7: the catalogue answers nothing without each of these; say which one is missing.
  for (const [name, value] of Object.entries(query))
    if (!given(value))
      throw new ApiError('MISSING_FIELD_IN_BODY', [
        `${name} (${line ? `asset ${line.assetRegistration} does not give it` : 'the quotation has no vehicle'})`,
      ]);
  if (!given(quotation.duration) || !Number.isInteger(quotation.duration))
    throw new ApiError('INVALID_FIELD_VALUE', [
      JSON.stringify(quotation.duration ?? null),
      `quotations[${index}].duration`,
    ]);
  return {
    version: row._version,
    registration: row.registration,
    quotation,
    index,
    query: query as { modelName: string; manufacturerName: string; year: number; usage: string },
    linePrice: line && given(line.priceExclTax) ? Number(line.priceExclTax) : undefined,
    financedAmount: given(quotation.financedAmountExclTax) ? Number(quotation.financedAmountExclTax) : undefined,
    currency: given(doc.currency) ? String(doc.currency) : undefined,
    assetRegistration: line?.assetRegistration,
  };
}

/** The catalogue's curve for the vehicle, in the form this file reads; none is a catalogue error (404). */
async function catalogueCurve(
  db: Db,
  caller: Caller,
  query: { modelName: string; manufacturerName: string; year: number; usage: string },
): Promise<{ catalogue: string; points: CurvePoint[]; newPrice: string | null; year: number; usage: string }> {
  const curves = await regressorCurves({ db, user: caller.username }, caller.tenant, query);
  const curve = curves.find((c) => c.usage === query.usage.toUpperCase()) ?? curves[0];
  if (!curve?.points.length)
    throw new ApiError('RESIDUAL_VALUE_CURVE_NOT_FOUND', [
      'Lectura',
      `${query.manufacturerName} ${query.modelName} (${query.year}, usage ${query.usage})`,
    ]);
  return {
    catalogue: 'LECTURA',
    points: curvePoints(curve.points),
    newPrice: curve.newPrice,
    year: curve.year || query.year,
    usage: curve.usage || query.usage,
  };
}

/** The quotation's residual value read on the catalogue's curve, nothing stored. */
export async function readResidualValue(
  db: Db,
  caller: Caller,
  entity: Entity,
  id: string,
  quotationId: string,
  ask: CurveRequest,
): Promise<ResidualValueReading> {
  const inputs = await readInTenant(db, scopeOf(caller), (tx) => curveInputs(tx, caller, entity, id, quotationId, ask));
  const { catalogue, points, newPrice, year, usage } = await catalogueCurve(db, caller, inputs.query);
  // The percentage applies to the vehicle's price: its asset line's, else the catalogue's price
  // new, else the quotation's financed amount.
  const [base, baseFrom] =
    inputs.linePrice !== undefined
      ? [inputs.linePrice, 'assetLine' as const]
      : newPrice !== null
        ? [Number(newPrice), 'catalogue' as const]
        : [inputs.financedAmount, 'financedAmount' as const];
  if (base === undefined)
    throw new ApiError('INVALID_FIELD_VALUE', [
      'null',
      `quotations[${inputs.index}].financedAmountExclTax (the price the curve applies to)`,
    ]);
  const term = termMonths(Number(inputs.quotation.duration), inputs.quotation.frequency);
  const { percent, outside } = percentAt(points, term);
  return {
    quotation: quotationId,
    ...(inputs.assetRegistration ? { assetRegistration: inputs.assetRegistration } : {}),
    catalogue,
    ...inputs.query,
    year,
    usage,
    points,
    term,
    percent,
    ...(outside ? { outside } : {}),
    base,
    baseFrom,
    residualValue: Number(residualAmount(base, percent, decimalsOf(inputs.currency))),
    ...(inputs.currency ? { currency: inputs.currency } : {}),
    readAt: new Date().toISOString(),
    version: inputs.version,
  };
}

/** The quotation fields a reading stores. */
export function storedReading(reading: ResidualValueReading): Doc {
  return {
    residualValue: reading.residualValue,
    residualValueSource: 'CATALOGUE',
    residualValuePercent: percentFraction(reading.percent),
    residualValueBase: reading.base,
    residualValueCurve: {
      catalogue: reading.catalogue,
      modelName: reading.modelName,
      manufacturerName: reading.manufacturerName,
      year: reading.year,
      usage: reading.usage,
      points: reading.points,
    },
    residualValueDate: reading.readAt,
  };
}

/**
 * Reads the curve and stores the reading on the quotation, priced again by the finance engine,
 * in one transaction with its History row; answers the record. A catalogue error, or a record
 * changed since it was read (409), leaves it as it was.
 */
export async function applyResidualValue(
  db: Db,
  caller: Caller,
  entity: Entity,
  id: string,
  quotationId: string,
  ask: CurveRequest,
): Promise<{ record: Doc; reading: ResidualValueReading }> {
  const reading = await readResidualValue(db, caller, entity, id, quotationId, ask);
  const record = await inTenant(db, scopeOf(caller), async (tx) => {
    const row = await mustFindRow(tx, caller, entity, id, true);
    const doc = row.data as Doc;
    const quotations = ((doc.quotations as Quotation[] | undefined) ?? []).map((q) =>
      q.registration === quotationId ? { ...q, ...storedReading(reading) } : q,
    );
    return updateIn(
      tx,
      caller,
      entity,
      row,
      { ...doc, quotations, _version: ask._version ?? reading.version },
      {
        as: 'caller',
        hooks: financedRecordHooks.financedRecord,
        id,
        history: { details: `Residual value of ${quotationId} from the ${reading.catalogue} curve` },
      },
    );
  }).catch((e) => databaseError(e, entity));
  return { record, reading };
}
