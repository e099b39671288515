import { defineEntity } from '../../entity.ts';

export const productTable = defineEntity({
  name: 'ProductTable',
  route: 'financing/product-tables',
  prefix: 'PTB',
});
