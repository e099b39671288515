import { defineEntity } from '../../entity.ts';

export const productCatalogItem = defineEntity({
  name: 'ProductCatalogItem',
  route: 'financing/product-catalog-items',
  prefix: 'PCI',
});
