import { defineEntity } from '../../entity.ts';
import { boolean, json, list as listOf, text } from '../../fields.ts';

/** A reference list (code table) such as contractStatus or country, identified by its name. */
export const list = defineEntity({
  name: 'List',
  route: 'script/lists',
  key: 'name',
  status: false,
  fields: {
    name: text({ mandatory: true }),
    // A label is a plain text or a map of language to text ({en, fr}).
    values: listOf({ value: text({ mandatory: true }), label: json(), isTranslated: boolean() }),
  },
  menu: { section: 'Configuration', order: 99 },
  labels: { fr: { singular: 'Liste', plural: 'Listes' } },
  /** The list route also answers reference lists by name (server lists/lists.routes.ts). */
  domainRoutes: ['list'],
});
