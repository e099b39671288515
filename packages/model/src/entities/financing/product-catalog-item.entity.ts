import { defineEntity } from '../../entity.ts';
import { currency, date, integer, percentage, select, text, textarea } from '../../fields.ts';
import { checkBounds } from './catalog-item-rules.ts';
import { equal, range, regex } from '../../search.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';

/**
 * An offer of the product catalogue a salesperson picks when quoting (a lease of 24 to 60 months
 * from 5,000 to 250,000 EUR at a rate from 3.9 %): its limits are checked on every write.
 */
export const productCatalogItem = defineEntity({
  name: 'ProductCatalogItem',
  route: 'financing/product-catalog-items',
  prefix: 'PCI',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  fields: {
    code: text({ max: 30 }),
    catalogName: text(),
    description: textarea(),
    financialProduct: select('financialProduct'),
    currency: select('currency'),
    minAmount: currency({ min: 0, label: 'Minimum amount' }),
    maxAmount: currency({ min: 0, label: 'Maximum amount' }),
    minDuration: integer({ min: 1, max: 600, label: 'Minimum duration (months)' }),
    maxDuration: integer({ min: 1, max: 600, label: 'Maximum duration (months)' }),
    rate: percentage({ min: 0, max: 100 }),
    frequency: select('frequency'),
    startDate: date(),
    endDate: date(),
    internalReference: text(),
    externalReference: text(),
  },
  check: (doc) => {
    checkBounds(doc, 'minAmount', 'maxAmount');
    checkBounds(doc, 'minDuration', 'maxDuration');
    checkBounds(doc, 'startDate', 'endDate');
  },
  search: [
    'registration',
    equal('type'),
    equal('code'),
    regex('name'),
    equal('status'),
    equal('catalogName'),
    equal('financialProduct'),
    range('startDate'),
    range('endDate'),
  ],
  columns: [
    'registration',
    'type',
    'code',
    'name',
    'status',
    'financialProduct',
    'minAmount',
    'maxAmount',
    'minDuration',
    'maxDuration',
    'rate',
    'startDate',
    'endDate',
  ],
  menu: { section: 'Catalogues', order: 20 },
  labels: {
    fr: {
      singular: 'Élément du catalogue de produits',
      plural: 'Éléments du catalogue de produits',
      texts: {
        'Financial product': 'Produit financier',
        'Minimum amount': 'Montant minimum',
        'Maximum amount': 'Montant maximum',
        'Minimum duration (months)': 'Durée minimum (mois)',
        'Maximum duration (months)': 'Durée maximum (mois)',
      },
    },
  },
});
