import { defineEntity } from '../../entity.ts';

export const inventory = defineEntity({
  name: 'Inventory',
  route: 'accounting/inventories',
  prefix: 'IVT',
  plural: 'inventories',
});
