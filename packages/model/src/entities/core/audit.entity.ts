import { defineEntity } from '../../entity.ts';

export const audit = defineEntity({
  name: 'Audit',
  route: 'core/audits',
  prefix: 'AUD',
  status: false,
  readOnly: true,
  menu: { section: 'Administration', order: 40 },
  labels: { fr: { singular: 'Audit', plural: 'Audits' } },
});
