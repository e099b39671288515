import { defineEntity } from '../../entity.ts';
import { boolean, currency, date, percentage, select, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';
import { checkBounds } from './catalog-item-rules.ts';

/**
 * An element a product may carry (a file fee, an insurance premium, a security deposit): its
 * default amount or rate, its tax and how often it is billed, copied onto a contract's elements.
 */
export const productElementCatalogItem = defineEntity({
  name: 'ProductElementCatalogItem',
  route: 'financing/product-element-catalog-items',
  prefix: 'PEC',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  fields: {
    code: text({ max: 30 }),
    catalogName: text(),
    description: textarea(),
    amount: currency({ min: 0 }),
    percentage: percentage({ min: 0, max: 100 }),
    currency: select('currency'),
    taxCode: select('taxCode'),
    frequency: select('frequency'),
    isFinanced: boolean(),
    startDate: date(),
    endDate: date(),
    internalReference: text(),
    externalReference: text(),
  },
  check: (doc) => checkBounds(doc, 'startDate', 'endDate'),
  search: [
    'registration',
    equal('type'),
    equal('code'),
    regex('name'),
    equal('status'),
    equal('catalogName'),
    equal('taxCode'),
    range('startDate'),
    range('endDate'),
  ],
  columns: [
    'registration',
    'type',
    'code',
    'name',
    'status',
    'amount',
    'percentage',
    'taxCode',
    'frequency',
    'startDate',
    'endDate',
  ],
  menu: { section: 'Catalogues', order: 30 },
  labels: {
    fr: {
      singular: "Élément du catalogue d'éléments de produit",
      plural: "Éléments du catalogue d'éléments de produit",
    },
  },
});
