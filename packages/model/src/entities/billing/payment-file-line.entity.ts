import { defineEntity } from '../../entity.ts';

export const paymentFileLine = defineEntity({
  name: 'PaymentFileLine',
  route: 'billing/payment-file-lines',
  prefix: 'PFL',
});
