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
  menu: {
    notListed:
      "internal: registrations are numbered from the database's sequence counters inside each write's transaction; nobody edits them and the spec lists no counters screen",
  },
  labels: { fr: { singular: 'Compteur', plural: 'Compteurs' } },
});
