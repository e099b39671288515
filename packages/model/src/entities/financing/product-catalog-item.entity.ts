import { defineEntity } from '../../entity.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';

export const productCatalogItem = defineEntity({
  name: 'ProductCatalogItem',
  route: 'financing/product-catalog-items',
  prefix: 'PCI',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  menu: { section: 'Catalogues', order: 20 },
  labels: { fr: { singular: 'Élément du catalogue de produits', plural: 'Éléments du catalogue de produits' } },
});
