import { defineEntity } from '../../entity.ts';

export const assetServiceCatalogItem = defineEntity({
  name: 'AssetServiceCatalogItem',
  route: 'asset/asset-service-catalog-items',
  prefix: 'ASV',
});
