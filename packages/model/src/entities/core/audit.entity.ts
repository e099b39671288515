import { defineEntity } from '../../entity.ts';

export const audit = defineEntity({
  name: 'Audit',
  route: 'core/audits',
  prefix: 'AUD',
  status: false,
  readOnly: true,
});
