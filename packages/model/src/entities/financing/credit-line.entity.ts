import { defineEntity } from '../../entity.ts';
import { currency, date, link, list, object, persons, select, text } from '../../fields.ts';
import { column } from '../../search.ts';

/** A credit limit granted to a client or partner, drawn by contracts. */
export const creditLine = defineEntity({
  name: 'CreditLine',
  route: 'financing/credit-lines',
  prefix: 'CL',
  typeList: 'creditLineType',
  fields: {
    startDate: date(),
    endDate: date(),
    creditLimit: currency(),
    outstanding: currency(),
    pending: currency(),
    available: currency(),
    liveStock: currency(),
    currency: select('currency'),
    financialProduct: select('financialProduct'),
    internalReference: text(),
    externalReference: text(),
    persons: persons(),
    quotations: list({ financedAmountExclTax: currency() }),
    assets: list({ assetRegistration: link('Asset'), asset: object({ name: text() }, { readOnly: true }) }),
  },
  columns: [
    'registration',
    'type',
    'name',
    'status',
    'startDate',
    'endDate',
    column('creditLimit', { currencyField: 'currency' }),
    column('outstanding', { currencyField: 'currency' }),
    column('pending', { currencyField: 'currency' }),
    column('available', { currencyField: 'currency' }),
    column('liveStock', { currencyField: 'currency' }),
    'currency',
    'financialProduct',
    'internalReference',
    'externalReference',
    column('_insertDate', { render: 'datetime', label: 'Created' }),
    { field: 'organization.name', hidden: true },
    column('persons', { render: 'object', label: 'Client / partner' }),
  ],
});
