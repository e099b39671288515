import { defineEntity } from '../../entity.ts';
import { boolean, currency, date, link, select, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';
import { checkBounds } from '../financing/catalog-item-rules.ts';

/** A service sold with an asset (maintenance, tyres, assistance): its supplier, price, tax and billing frequency. */
export const assetServiceCatalogItem = defineEntity({
  name: 'AssetServiceCatalogItem',
  route: 'asset/asset-service-catalog-items',
  prefix: 'ASV',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  fields: {
    code: text({ max: 30 }),
    catalogName: text(),
    description: textarea(),
    supplierRegistration: link('Person', { label: 'Supplier' }),
    unitPrice: currency({ min: 0 }),
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
    equal('supplier', { field: 'supplierRegistration' }),
    range('startDate'),
    range('endDate'),
  ],
  columns: [
    'registration',
    'type',
    'code',
    'name',
    'status',
    'supplierRegistration',
    'unitPrice',
    'frequency',
    'startDate',
    'endDate',
  ],
  menu: { section: 'Catalogues', order: 70 },
  labels: {
    fr: {
      singular: "Élément du catalogue de services d'actifs",
      plural: "Éléments du catalogue de services d'actifs",
      texts: { Supplier: 'Fournisseur' },
    },
  },
});
