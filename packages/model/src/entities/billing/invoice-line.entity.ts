import { defineEntity } from '../../entity.ts';

export const invoiceLine = defineEntity({
  name: 'InvoiceLine',
  route: 'billing/invoice-lines',
  prefix: 'INL',
});
