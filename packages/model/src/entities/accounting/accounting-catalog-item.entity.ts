import { defineEntity } from '../../entity.ts';

export const accountingCatalogItem = defineEntity({
  name: 'AccountingCatalogItem',
  route: 'accounting/accounting-catalog-items',
  prefix: 'ACI',
});
