import { defineEntity } from '../../entity.ts';

export const amendmentCatalogItem = defineEntity({
  name: 'AmendmentCatalogItem',
  route: 'financing/amendment-catalog-items',
  prefix: 'AMC',
});
