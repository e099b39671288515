import { defineEntity } from '../../entity.ts';
import { integer, text } from '../../fields.ts';

/** An ISO currency (`EUR`) and its number of decimals. */
export const currency = defineEntity({
  name: 'Currency',
  route: 'core/currencies',
  key: 'code',
  plural: 'currencies',
  status: false,
  fields: {
    code: text({ mandatory: true, min: 3, max: 3 }),
    decimals: integer({ min: 0 }),
  },
  menu: { section: 'Configuration', order: 95 },
  labels: { fr: { singular: 'Devise', plural: 'Devises' } },
});
