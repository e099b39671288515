/**
 * MARK_WON: the deal's chosen quotation becomes a contract in the transition's transaction
 * (persons, assets, the chosen quotation, each record naming the other). A deal whose choice is
 * not made, or whose chosen quotation is not priced, stays as it is.
 */
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { createRecord, kind, personWith, refusal } from './financing-records.ts';

type Quotation = Doc & { isChosen?: boolean; pricingError?: string; instalment?: number; registration?: string };

/** The quotation a deal is won with: the one marked chosen, or its only one. */
export function chosenQuotation(doc: Doc): Quotation | undefined {
  const quotations = (doc.quotations as Quotation[] | undefined) ?? [];
  return quotations.find((q) => q.isChosen) ?? (quotations.length === 1 ? quotations[0] : undefined);
}

/** The contract type a financial product is sold under (the deal's own type is a deal type). */
const contractTypeOf = (financialProduct: unknown): string => {
  const product = String(financialProduct ?? '');
  if (/LOAN/.test(product)) return 'LOAN';
  return ['OPERATING_LEASE', 'HIRE_PURCHASE', 'RENTAL'].includes(product) ? product : 'LEASE';
};

/** Fields a contract takes from the deal it was won from. */
const carried = [
  'contractType', 'tags', 'managementType', 'purpose', 'subPurpose', 'internalReference', 'externalReference', 'currency',
  'startDate', 'paymentDay', 'creditLineRegistration', 'agreementRegistration', 'persons', 'assets', 'assetsTotals', 'endOfTermOption',
];

export async function createContractFromDeal(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller } = context;
  const missing: string[] = [];
  if (!personWith(doc, 'CLIENT')) missing.push('a client (persons with role CLIENT)');
  const quotations = (doc.quotations as Quotation[] | undefined) ?? [];
  const chosen = chosenQuotation(doc);
  if (!chosen) missing.push(quotations.length ? `a chosen quotation (isChosen on one of the ${quotations.length})` : 'a quotation');
  else if (chosen.pricingError || chosen.instalment === undefined) missing.push(`a priced quotation (${chosen.registration}: ${chosen.pricingError ?? 'not priced'})`);
  if (missing.length) throw refusal(context, 'INCONSISTENT', `The deal needs ${missing.join(', ')}`, { missing });
  const contract: Doc = {
    name: doc.name,
    ...Object.fromEntries(carried.filter((f) => doc[f] !== undefined).map((f) => [f, doc[f]])),
    type: contractTypeOf(chosen!.financialProduct),
    quotations: [{ ...chosen, isChosen: true }],
    financialProduct: chosen!.financialProduct,
    financialScheme: chosen!.financialScheme,
    financedAmountExclTax: chosen!.financedAmountExclTax,
    duration: chosen!.duration,
    frequency: chosen!.frequency,
    dealRegistration: doc.registration,
    status: 'DRAFT',
  };
  const created = await createRecord(tx, caller, kind('Contract'), contract);
  return { ...doc, contractRegistration: created.registration, quotations: quotations.map((q) => ({ ...q, isChosen: q === chosen })) };
}
