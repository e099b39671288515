import { defineEntity } from '../../entity.ts';

export const productElementCatalogItem = defineEntity({
  name: 'ProductElementCatalogItem',
  route: 'financing/product-element-catalog-items',
  prefix: 'PEC',
});
