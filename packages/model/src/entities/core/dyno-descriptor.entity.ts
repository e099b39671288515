import { defineEntity } from '../../entity.ts';
import { json, text } from '../../fields.ts';
import { checkDynoDescriptor, type DynoDescriptor } from '../../dyno.ts';

/**
 * A tenant's description of a dynamic entity kind (spec 000 §3 "dyno-descriptors"): its records
 * are served under `/api/dyno/{name}` and shown under `/page/{name}`. See `dyno.ts`.
 */
export const dynoDescriptor = defineEntity({
  name: 'DynoDescriptor',
  route: 'core/dyno-descriptors',
  key: 'name',
  status: false,
  fields: {
    name: text({ mandatory: true, min: 1, max: 50 }),
    label: text(),
    /** Prefix of the registrations of its records; unique among the tenant's dynamic kinds. */
    prefix: text({ mandatory: true, min: 2, max: 6 }),
    /** `{ fieldName: { type, mandatory, list, … } }`, the FieldDef shape of declarations. */
    fields: json({ mandatory: true }),
    /** Filters and columns as in declarations; default registration and name. */
    search: json(),
    columns: json(),
  },
  check: (doc) => checkDynoDescriptor(doc as unknown as DynoDescriptor),
  menu: { section: 'Configuration', order: 105 },
  labels: { fr: { singular: 'Descripteur dynamique', plural: 'Descripteurs dynamiques' } },
  addedBecause:
    'The store of the "dyno-descriptors" configuration collection: each record describes a tenant\'s dynamic kind (spec 000 §2.2, `/page/{name}`).',
});
