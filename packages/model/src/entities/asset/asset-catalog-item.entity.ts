import { defineEntity } from '../../entity.ts';
import { boolean, currency, date, json, select, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';

/** An item of an asset catalogue; choosing it fills an asset line (price, tax, codes). */
export const assetCatalogItem = defineEntity({
  name: 'AssetCatalogItem',
  route: 'asset/asset-catalog-items',
  prefix: 'ACT',
  typeList: 'assetCatalogItemType',
  fields: {
    code: text(),
    catalogName: text(),
    subCatalogName: text(),
    startDate: date(),
    endDate: date(),
    internalReference: text(),
    externalReference: text(),
    date: date(),
    description: textarea(),
    defaultTax: select('taxCode'),
    taxCode: select('taxCode'),
    unitPrice: currency(),
    sourcePrice: currency(),
    isFinanced: boolean(),
    serviceCode: text(),
    rvCode: text(),
    paramsCatalog: text(),
    image: text(),
    // Nested items of the same shape, to any depth.
    items: json(),
  },
  search: [
    equal('type'),
    equal('code'),
    regex('name'),
    equal('status'),
    equal('catalogName'),
    range('startDate'),
    range('endDate'),
    equal('internalReference'),
    equal('externalReference'),
    range('date'),
  ],
  columns: [
    'registration', // links the row
    'type',
    'code',
    'name',
    'status',
    'catalogName',
    'startDate',
    'endDate',
    'internalReference',
    'externalReference',
    'date',
  ],
  statuses: catalogItemStatuses,
  workflow: 'generic',
  menu: { section: 'Catalogues', order: 60 },
  labels: { fr: { singular: "Élément du catalogue d'actifs", plural: "Éléments du catalogue d'actifs" } },
});
