import { defineEntity } from '../../entity.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';

export const accountingCatalogItem = defineEntity({
  name: 'AccountingCatalogItem',
  route: 'accounting/accounting-catalog-items',
  prefix: 'ACI',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  menu: { section: 'Catalogues', order: 75 },
  labels: { fr: { singular: 'Élément du catalogue comptable', plural: 'Éléments du catalogue comptable' } },
});
