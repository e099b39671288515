import { defineEntity } from '../../entity.ts';
import { json, text } from '../../fields.ts';

/** A value stored under a short key; short links (`/u/{shortKey}`) resolve to its url. */
export const keyValue = defineEntity({
  name: 'KeyValue',
  route: 'core/key-values',
  key: 'shortKey',
  status: false,
  fields: {
    shortKey: text({ mandatory: true }),
    url: text({ label: 'URL' }),
    value: json(),
  },
  menu: { section: 'Configuration', order: 80 },
  labels: { fr: { singular: 'Clé-valeur', plural: 'Clés-valeurs', texts: { URL: 'URL' } } },
});
