import { defineEntity } from '../../entity.ts';
import { integer } from '../../fields.ts';

/** A per-tenant registration counter, incremented atomically by the server. */
export const counter = defineEntity({
  name: 'Counter',
  route: 'core/counters',
  prefix: 'CNT',
  status: false,
  readOnly: true,
  fields: { value: integer({ min: 0 }) },
  menu: { section: 'Administration', order: 125 },
  labels: { fr: { singular: 'Compteur', plural: 'Compteurs' } },
});
