/**
 * Deals and contracts priced on every save (write hooks `financedRecord`), in the write's
 * transaction: each quotation by the finance engine (its product's rate and tables when it names
 * one), each asset line by spec 002 §5 (catalogue asset copied, prices, totals row, supplier added
 * to the persons), and the chosen quotation's terms shown on the record itself.
 */
import { asset as assetKind } from '@lbo/model/entities/asset/asset.entity';
import { product as productKind } from '@lbo/model/entities/financing/product.entity';
import { productTable as productTableKind } from '@lbo/model/entities/financing/product-table.entity';
import { ApiError } from '@lbo/model/errors';
import { FinanceError } from '@lbo/model/finance/finance-errors';
import { paymentPlan } from '@lbo/model/finance/payment-plan';
import {
  elementTotals,
  planInputOf,
  type QuotationTerms,
  type ScheduleLine,
  type TermsFromProduct,
} from '@lbo/model/finance/contract-schedule';
import { tableTerms, type ProductTableInput } from '@lbo/model/finance/product-table';
import type { Frequency } from '@lbo/model/finance/payment-plan-terms';
import { linePrices, pricingTotals, type PricingLine, type Tax } from '@lbo/model/finance/pricing';
import { dayIn } from '@lbo/model/values/dates';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { taxesOf } from './tenant-taxes.ts';
import { followCurve } from '@lbo/model/finance/residual-value-curve';

const tableLinks = ['ratesTableRegistration', 'coefficientsTableRegistration', 'costTableRegistration'];

export interface ProductRule extends TermsFromProduct {
  /** Services a cost table adds to every instalment. */
  costs: { code: string; amount: string }[];
  product?: Doc;
}

/** What a product gives a quotation: its fixed rate, or its tables' rate, instalment and costs. */
export async function productRule(
  tx: Tx,
  caller: Caller,
  registration: string | undefined,
  q: QuotationTerms,
): Promise<ProductRule> {
  const rule: ProductRule = { costs: [] };
  if (!registration) return rule;
  const row = await storage.findOne(tx, productKind, caller.tenant, registration);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Product', registration]);
  const product: Doc = storage.toDocument(row);
  rule.product = product;
  if (typeof product.rate === 'number') rule.rate = String(product.rate);
  for (const link of tableLinks) {
    const tableRegistration = product[link];
    if (typeof tableRegistration !== 'string' || !tableRegistration) continue;
    const table = await storage.findOne(tx, productTableKind, caller.tenant, tableRegistration);
    if (!table) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['ProductTable', tableRegistration]);
    const found = tableTerms({ ...table.data, registration: table.registration } as unknown as ProductTableInput, {
      amount: q.financedAmountExclTax ?? 0,
      duration: Number(q.duration),
      frequency: Number(q.frequency ?? 30) as Frequency,
    });
    if (found.rate) rule.rate = found.rate.toString();
    if (found.coefficient) rule.instalment = found.coefficient.times(q.financedAmountExclTax ?? 0).toString();
    if (found.cost) rule.costs.push({ code: table.registration, amount: found.cost.toString() });
  }
  if (rule.instalment !== undefined) delete rule.rate;
  return rule;
}

type Quotation = QuotationTerms & Doc;
const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The finance engine's figures of one quotation, or the reason it cannot be priced yet. */
async function priceQuotation(
  tx: Tx,
  caller: Caller,
  q: Quotation,
  startDate: string,
  taxes: Tax[],
  decimals: number,
): Promise<Quotation> {
  const {
    instalment: _i,
    totalPayment: _t,
    totalInterest: _n,
    effectiveRate: _e,
    apr: _a,
    endDate: _d,
    pricingError: _p,
    ...terms
  } = q;
  const missing = ['financedAmountExclTax', 'duration'].filter((f) => !filled(terms[f]));
  if (!filled(terms.productRegistration) && !filled(terms.rate)) missing.push('rate');
  if (missing.length) return { ...terms, pricingError: `Missing ${missing.join(', ')}` };
  try {
    const rule = await productRule(tx, caller, terms.productRegistration as string | undefined, terms);
    const plan = paymentPlan(planInputOf(terms, startDate, taxes, decimals, rule));
    const perLine = (terms.services ?? []).reduce((sum, s) => sum + (typeof s.amount === 'number' ? s.amount : 0), 0);
    const services = Math.round(perLine * 10 ** decimals) * plan.lines.length;
    const fees = (terms.fees ?? []).reduce(
      (sum, f) => sum + Math.round((typeof f.amount === 'number' ? f.amount : 0) * 10 ** decimals),
      0,
    );
    const rent = Math.round(plan.totals.instalmentExclTax * 10 ** decimals);
    const residual = Math.round(plan.residualValue * 10 ** decimals);
    return {
      ...terms,
      ...(rule.instalment !== undefined || rule.rate !== undefined ? { rate: plan.rate } : {}),
      instalment: plan.instalment,
      totalPayment: (rent + services + fees + residual) / 10 ** decimals,
      totalInterest: plan.totals.interest,
      effectiveRate: plan.effectiveRate,
      apr: plan.apr,
      endDate: plan.endDate,
    };
  } catch (error) {
    if (error instanceof FinanceError || error instanceof ApiError) return { ...terms, pricingError: error.message };
    throw error;
  }
}

type AssetLine = Doc & { assetRegistration?: string; isPartExchange?: boolean };
type Person = { role?: string; personRegistration?: string } & Doc;

/** Asset lines priced, each asset copied onto its line; the suppliers of the lines. */
async function priceAssetLines(
  tx: Tx,
  caller: Caller,
  lines: AssetLine[],
  taxes: Tax[],
  decimals: number,
): Promise<{ lines: AssetLine[]; suppliers: Set<string> }> {
  const suppliers = new Set<string>();
  const priced: AssetLine[] = [];
  for (const line of lines) {
    let item: AssetLine = { quantity: 1, discount: 0, ...line, isFinanced: line.isFinanced ?? !line.isPartExchange };
    if (line.assetRegistration) {
      const row = await storage.findOne(tx, assetKind, caller.tenant, line.assetRegistration);
      if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Asset', line.assetRegistration]);
      const asset = row.data;
      item = {
        ...item,
        asset: { name: row.name },
        unitPrice: item.unitPrice ?? asset.unitPrice ?? asset.priceExclTax,
        taxCode: item.taxCode ?? asset.taxCode,
        currency: item.currency ?? asset.currency,
      };
      if (typeof asset.supplierRegistration === 'string' && asset.supplierRegistration)
        suppliers.add(asset.supplierRegistration);
    }
    priced.push(filled(item.unitPrice) ? { ...item, ...linePrices(item as PricingLine, taxes, decimals) } : item);
  }
  return { lines: priced, suppliers };
}

async function suppliersOf(tx: Tx, caller: Caller, lines: AssetLine[] | undefined): Promise<Set<string>> {
  const registrations = (lines ?? []).map((l) => l.assetRegistration).filter((r): r is string => !!r);
  const rows = await storage.findMany(tx, assetKind, caller.tenant, registrations);
  return new Set(rows.map((r) => r.data.supplierRegistration).filter((s): s is string => typeof s === 'string' && !!s));
}

/**
 * Fields only the lifecycle writes (activation, amendments, paid lines, workflow stamps): a
 * client's write keeps the stored values, so that nobody edits a running contract's position or
 * the revision amendments are checked against.
 */
const writtenByLifecycle = [
  'dealRegistration',
  'contractRegistration',
  'outstandingPrincipal',
  'nextDueDate',
  'arrears',
  'scheduleRevision',
  'scheduleTerms',
  'terminationAmendment',
  'submitDate',
  'approvalDate',
  'activationDate',
  'terminationDate',
  'cancellationDate',
];

/** Prices a deal or contract document; `before` is the stored one on an update. */
export async function priceFinancedRecord(tx: Tx, caller: Caller, doc: Doc, before?: Doc): Promise<Doc> {
  const taxes = await taxesOf(tx, caller);
  const decimals = decimalsOf(doc.currency);
  const out: Doc = { ...doc };
  for (const field of writtenByLifecycle) {
    if (before?.[field] !== undefined) out[field] = before[field];
    else delete out[field];
  }
  if (Array.isArray(doc.assets)) {
    const { lines, suppliers } = await priceAssetLines(tx, caller, doc.assets as AssetLine[], taxes, decimals);
    out.assets = lines;
    if (lines.some((l) => filled(l.unitPrice)))
      out.assetsTotals = pricingTotals(lines.filter((l) => filled(l.unitPrice)) as PricingLine[], taxes, decimals);
    else delete out.assetsTotals;
    // Spec 002 §4: a chosen asset's supplier joins the persons; removing its line removes it.
    const dropped = before
      ? [...(await suppliersOf(tx, caller, before.assets as AssetLine[]))].filter((s) => !suppliers.has(s))
      : [];
    let persons = ((doc.persons as Person[] | undefined) ?? []).filter(
      (p) => !(p.role === 'SUPPLIER' && dropped.includes(p.personRegistration ?? '')),
    );
    for (const supplier of suppliers) {
      if (!persons.some((p) => p.role === 'SUPPLIER' && p.personRegistration === supplier))
        persons = [...persons, { role: 'SUPPLIER', personRegistration: supplier }];
    }
    out.persons = persons;
  }
  if (Array.isArray(doc.quotations)) {
    const startDate = typeof doc.startDate === 'string' ? doc.startDate : dayIn(new Date(), caller.timeZone ?? 'UTC');
    const taken = new Set((doc.quotations as Quotation[]).map((q) => q.registration).filter(Boolean));
    let n = 0;
    const next = () => {
      do n++;
      while (taken.has(`Q${n}`));
      taken.add(`Q${n}`);
      return `Q${n}`;
    };
    const quotations: Quotation[] = [];
    const stored = (before?.quotations as Quotation[] | undefined) ?? [];
    for (const q of doc.quotations as Quotation[]) {
      const registration = (q.registration as string | undefined) || next();
      // A residual value from the catalogue's curve follows the term (residual-value-curve.ts).
      const followed = followCurve(
        { ...q, registration },
        stored.find((s) => s.registration === registration),
        decimals,
      ) as Quotation;
      quotations.push(await priceQuotation(tx, caller, followed, startDate, taxes, decimals));
    }
    out.quotations = quotations;
    const chosen = quotations.filter((q) => q.isChosen);
    if (chosen.length > 1)
      throw new ApiError('INVALID_FIELD_VALUE', [
        'true',
        `quotations[${quotations.indexOf(chosen[1])}].isChosen (one quotation is chosen)`,
      ]);
    // The record shows the chosen quotation's terms, else the first one's (the list's column, spec 001 §3).
    const shown = chosen[0] ?? quotations[0];
    if (shown) {
      for (const field of [
        'financialProduct',
        'financialScheme',
        'financedAmountExclTax',
        'duration',
        'frequency',
      ] as const) {
        if (filled(shown[field])) out[field] = shown[field];
      }
    }
  }
  return out;
}

/** An element's schedule is written by activation, amendments, indexation and line statuses; a client's write keeps it. */
const scheduleFields = ['lines', 'totalExclTax', 'totalTax', 'totalPayment', 'indexedUntil'];

export const financedRecordHooks: Record<string, WriteHooks> = {
  financedRecord: {
    beforeCreate: (tx, caller, _entity, doc) => priceFinancedRecord(tx, caller, doc),
    beforeUpdate: (tx, caller, _entity, doc, before) => priceFinancedRecord(tx, caller, doc, before),
  },
  contractSchedule: {
    // A new element's lines must add up: its totals are theirs.
    beforeCreate: async (_tx, _caller, _entity, doc) =>
      Array.isArray(doc.lines)
        ? { ...doc, ...elementTotals(doc.lines as ScheduleLine[], decimalsOf(doc.currency)) }
        : doc,
    beforeUpdate: async (_tx, _caller, _entity, doc, before) => ({
      ...doc,
      ...Object.fromEntries(scheduleFields.filter((f) => before[f] !== undefined).map((f) => [f, before[f]])),
    }),
  },
};
