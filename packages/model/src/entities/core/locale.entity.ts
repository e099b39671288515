import { defineEntity } from '../../entity.ts';
import { json, text } from '../../fields.ts';

/** The translations of one locale (`en-GB`), identified by the locale code. */
export const locale = defineEntity({
  name: 'Locale',
  route: 'core/locales',
  key: 'locale',
  status: false,
  fields: {
    locale: text({ mandatory: true }),
    /** Text → translation. */
    translations: json(),
    /** Texts the interface met without translation (POST /api/core/locales/{locale}/keys), for an administrator. */
    missingKeys: json(),
  },
  menu: { section: 'Configuration', order: 70 },
  labels: { fr: { singular: 'Langue', plural: 'Langues' } },
  screens: { detailByIdOnly: true, list: 'locales', detail: 'locale' },
  /** Read by every signed-in user, an unknown locale answering an empty set (server core/locales.routes.ts). */
  domainRoutes: ['read'],
});
