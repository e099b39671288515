import { defineEntity } from '../../entity.ts';
import { percentage, text } from '../../fields.ts';

/** A tax rate found by its code from pricing lines (`taxCode`). */
export const tax = defineEntity({
  name: 'Tax',
  route: 'core/taxes',
  key: 'code',
  plural: 'taxes',
  status: false,
  fields: {
    code: text({ mandatory: true }),
    label: text(),
    value: percentage(),
  },
  menu: { section: 'Configuration', order: 98 },
  labels: { fr: { singular: 'Taxe', plural: 'Taxes' } },
});
