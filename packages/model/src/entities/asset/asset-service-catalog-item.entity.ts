import { defineEntity } from '../../entity.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';

export const assetServiceCatalogItem = defineEntity({
  name: 'AssetServiceCatalogItem',
  route: 'asset/asset-service-catalog-items',
  prefix: 'ASV',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  menu: { section: 'Catalogues', order: 70 },
  labels: {
    fr: { singular: "Élément du catalogue de services d'actifs", plural: "Éléments du catalogue de services d'actifs" },
  },
});
