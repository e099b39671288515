import type { FieldDef } from '../../fields.ts';
import {
  boolean, currency, date, integer, link, list, multiSelect, number, object, percentage, persons, select,
  text,
} from '../../fields.ts';
import type { ColumnInput, FilterInput } from '../../search.ts';
import { column, equal, person, range, regex } from '../../search.ts';

/** Contracts and deals share one field set, filters and columns (spec 001 §3, 002 §3). */

/** A financing offer: on a contract or deal, and as a Quotation record. */
export const quotationFields: Record<string, FieldDef> = {
  financialProduct: select('financialProduct'),
  financialScheme: select('financialScheme'),
  financedAmountExclTax: currency(),
  rate: percentage(),
  duration: integer({ min: 0 }),
  frequency: select('frequency'),
  residualValue: currency(),
  firstPayment: currency(),
  assetMarginRate: percentage(),
};

/** An asset financed (or taken in part exchange) by a contract, priced per line. */
const assetLineFields: Record<string, FieldDef> = {
  assetRegistration: link('Asset'),
  isFinanced: boolean(),
  isPartExchange: boolean(),
  taxCode: select('taxCode'),
  quantity: number({ min: 0 }),
  discount: percentage(),
  currency: select('currency'),
  unitPrice: currency(),
  priceExclTax: currency(),
  priceInclTax: currency(),
  // Copy of the asset shown on the line.
  asset: object({ name: text() }, { readOnly: true }),
};

/** Parties of the contract; each may carry its invoicing settings (the list's currency comes from there). */
const contractPersons = list({
  ...persons().fields,
  invoicing: object({ principalCurrency: select('currency') }),
});

export const contractFields: Record<string, FieldDef> = {
  contractType: select('contractType'),
  // contractTag is one of the preloaded code tables (001 §9).
  tags: multiSelect('contractTag'),
  managementType: select('managementType'),
  purpose: select('purpose'),
  subPurpose: select('subPurpose'),
  internalReference: text(),
  externalReference: text(),
  financialProduct: select('financialProduct'),
  financialScheme: select('financialScheme'),
  frequency: select('frequency'),
  duration: integer({ min: 0 }),
  financedAmountExclTax: currency(),
  startDate: date(),
  endDate: date(),
  currency: select('currency'),
  persons: contractPersons,
  assets: list(assetLineFields),
  quotations: list(quotationFields),
};

/** Deals search their clients among prospects. */
export const contractSearch = (clientEntity: 'Person' | 'Prospect'): FilterInput[] => [
  equal('type'),
  equal('contractType', { hidden: true }),
  'registration',
  regex('name'),
  equal('status'),
  equal('managementType'),
  equal('purpose'),
  equal('subPurpose'),
  equal('internalReference'),
  equal('externalReference'),
  person('client', ['CLIENT'], { entity: clientEntity }),
  person('partner', ['PARTNER']),
  person('sales', ['SALES']),
  equal('assetRegistration', { field: 'assets.assetRegistration' }),
  equal('financialProduct', { field: 'quotations.financialProduct' }),
  equal('financialScheme', { field: 'quotations.financialScheme' }),
  equal('frequency'),
  range('duration'),
  range('financedAmountExclTax'),
  range('startDate'),
  range('endDate'),
];

export const contractColumns: ColumnInput[] = [
  'registration',
  'status',
  'name',
  column('quotations.0.financialProduct', { label: 'Financial product' }),
  'startDate',
  column('financedAmountExclTax', { currencyField: 'persons.0.invoicing.principalCurrency' }),
];
