import { defineEntity } from '../../entity.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';

export const productElementCatalogItem = defineEntity({
  name: 'ProductElementCatalogItem',
  route: 'financing/product-element-catalog-items',
  prefix: 'PEC',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  menu: { section: 'Catalogues', order: 30 },
  labels: {
    fr: {
      singular: "Élément du catalogue d'éléments de produit",
      plural: "Éléments du catalogue d'éléments de produit",
    },
  },
});
