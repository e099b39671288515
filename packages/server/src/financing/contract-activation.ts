/**
 * ACTIVATE freezes what was sold: the chosen quotation, priced again by the finance engine from
 * the contract's start date, becomes contract elements with their stored schedule lines (the rent
 * or loan instalment, each service, each fee, the residual value, the purchase of the asset from
 * its supplier). A contract that is not consistent is refused with what it lacks, and nothing is
 * written: the elements commit with the status change or not at all.
 */
import { contractElement as contractElementKind } from '@lbo/model/entities/financing/contract-element.entity';
import { ApiError } from '@lbo/model/errors';
import { FinanceError } from '@lbo/model/finance/finance-errors';
import {
  contractSchedule,
  scheduleProblems,
  toMinorUnits,
  type ElementDraft,
  type QuotationTerms,
} from '@lbo/model/finance/contract-schedule';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { chosenQuotation } from './deal-won.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { personWith } from '@lbo/model/values/parties';
import { refusal } from './transition-refusal.ts';
import { taxesOf } from './tenant-taxes.ts';
import { createManyIn } from '../entities/bulk-writes.ts';
import { productRule } from './quotation-pricing.ts';

type AssetLine = { isFinanced?: boolean; priceExclTax?: number; priceInclTax?: number; taxCode?: string };

/** The elements a contract would get on activation, or what keeps it from being activated. */
export async function plannedElements(
  tx: Tx,
  caller: Caller,
  contract: Doc,
): Promise<{
  missing: string[];
  elements: ElementDraft[];
  terms?: QuotationTerms;
  plan?: ReturnType<typeof contractSchedule>['plan'];
}> {
  const missing: string[] = [];
  const client = personWith(contract, 'CLIENT');
  if (!client) missing.push('a client (persons with role CLIENT)');
  // The seller of every invoice the contract bills (their numbering sequence, the creditor of their collection).
  if (!personWith(contract, 'ORGANIZATION')) missing.push('a lessor organization (persons with role ORGANIZATION)');
  const quotation = chosenQuotation(contract) as (QuotationTerms & Doc) | undefined;
  if (!quotation) missing.push('a chosen quotation');
  else if (quotation.pricingError || quotation.instalment === undefined)
    missing.push(`a priced quotation (${quotation.pricingError ?? 'not priced'})`);
  if (typeof contract.startDate !== 'string' || !contract.startDate) missing.push('a start date');
  if (missing.length) return { missing, elements: [] };
  const decimals = decimalsOf(contract.currency);
  const taxes = await taxesOf(tx, caller);
  const terms: QuotationTerms = {
    ...quotation!,
    paymentDay: quotation!.paymentDay ?? (contract.paymentDay as number | undefined),
  };
  try {
    const rule = await productRule(tx, caller, quotation!.productRegistration as string | undefined, terms);
    const services = [
      ...(terms.services ?? []),
      ...rule.costs.map((c) => ({ code: c.code, label: 'Cost', type: 'SERVICE', amount: Number(c.amount) })),
    ];
    const financed = ((contract.assets as AssetLine[] | undefined) ?? []).filter(
      (a) => a.isFinanced !== false && typeof a.priceExclTax === 'number',
    );
    // The purchase: the financed asset lines, else the financed amount; summed in minor units.
    let exclTax = 0,
      tax = 0,
      purchaseTax: string | undefined;
    for (const a of financed) {
      exclTax += toMinorUnits(a.priceExclTax, decimals);
      tax += toMinorUnits(a.priceInclTax ?? a.priceExclTax, decimals) - toMinorUnits(a.priceExclTax, decimals);
      purchaseTax ??= a.taxCode;
    }
    if (!financed.length) exclTax = toMinorUnits(Number(terms.financedAmountExclTax), decimals);
    const purchase = { exclTax: exclTax / 10 ** decimals, tax: tax / 10 ** decimals, taxCode: purchaseTax };
    const { plan, elements } = contractSchedule({
      registration: String(contract.registration),
      contractType: (contract.contractType ?? contract.type) as string | undefined,
      currency: typeof contract.currency === 'string' && contract.currency ? contract.currency : 'EUR',
      decimals,
      startDate: contract.startDate as string,
      quotation: { ...terms, services },
      product: rule,
      parties: { client, lessor: personWith(contract, 'ORGANIZATION'), supplier: personWith(contract, 'SUPPLIER') },
      purchase,
      taxes,
    });
    // The schedule must add up: each element to its lines, the rent's capital to amount − residual value.
    const problems = elements.flatMap((e) => scheduleProblems(e, decimals));
    const rent = elements[0];
    const principal = rent.lines.reduce((sum, l) => sum + toMinorUnits(l.principal, decimals), 0);
    if (principal !== toMinorUnits(plan.financedAmount, decimals) - toMinorUnits(plan.residualValue, decimals)) {
      problems.push(
        `the capital of the ${rent.code} lines does not add up to the financed amount less the residual value`,
      );
    }
    if (problems.length) missing.push(`a schedule that adds up (${problems.join('; ')})`);
    return { missing, elements, terms: { ...terms, rate: plan.rate }, plan };
  } catch (error) {
    if (error instanceof FinanceError || error instanceof ApiError)
      return { missing: [`terms the finance engine can schedule (${error.message})`], elements: [] };
    throw error;
  }
}

export async function activateContract(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller } = context;
  const { missing, elements, terms, plan } = await plannedElements(tx, caller, doc);
  if (missing.length)
    throw refusal(context, 'INCONSISTENT', `The contract cannot be activated: it needs ${missing.join(', ')}`, {
      missing,
    });
  const elementKind = contractElementKind;
  await createManyIn(
    tx,
    caller,
    elementKind,
    elements.map((element, i) => ({
      ...element,
      registration: `${String(doc.registration)}-${String(i + 1).padStart(2, '0')}`,
      contractRegistration: String(doc.registration),
      status: 'ACTIVE',
    })),
    { countLines: true },
  );
  return {
    ...doc,
    endDate: plan!.endDate,
    outstandingPrincipal: plan!.financedAmount,
    nextDueDate: elements[0].lines[0]?.dueDate,
    scheduleRevision: 1,
    scheduleTerms: terms,
  };
}
