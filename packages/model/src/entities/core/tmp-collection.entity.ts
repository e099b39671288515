import { defineEntity } from '../../entity.ts';
import { datetime, json, text } from '../../fields.ts';

/** Scratch records the server keeps for a while (a half-finished import, an offline draft's temporary registration). */
export const tmpCollection = defineEntity({
  name: 'TmpCollection',
  route: 'temporary-collection',
  prefix: 'TMC',
  status: false,
  fields: { purpose: text(), content: json(), expirationDate: datetime() },
  menu: {
    notListed:
      'internal: scratch storage the server writes and purges itself; the spec gives it an API route but no screen',
  },
  labels: {
    fr: {
      singular: 'Collection temporaire',
      plural: 'Collections temporaires',
      texts: { Purpose: 'Objet', Content: 'Contenu', 'Expiration date': "Date d'expiration" },
    },
  },
});
