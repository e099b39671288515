import { defineEntity } from '../../entity.ts';
import { datetime, integer, text } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';

/** A write or an impersonated request, written by the server (auth/access-log.ts); its type is the HTTP method. */
export const audit = defineEntity({
  name: 'Audit',
  route: 'core/audits',
  prefix: 'AUD',
  status: false,
  readOnly: true,
  fields: {
    date: datetime(),
    user: text(),
    impersonatedBy: text(),
    homeTenant: text(),
    method: text(),
    url: text({ label: 'URL' }),
    statusCode: integer(),
    address: text({ label: 'IP address' }),
    requestId: text({ label: 'Request ID' }),
  },
  search: [equal('user'), equal('method'), regex('url'), equal('statusCode'), equal('requestId'), range('date')],
  columns: ['registration', 'date', 'user', 'impersonatedBy', 'method', 'url', 'statusCode', 'address', 'requestId'],
  menu: { section: 'Administration', order: 40 },
  screens: { listPage: { addButton: false } },
  labels: {
    fr: {
      singular: 'Audit',
      plural: 'Audits',
      texts: {
        'Impersonated by': "Emprunt d'identité par",
        'Home tenant': "Tenant d'origine",
        'Status code': 'Code de statut',
        'IP address': 'Adresse IP',
        URL: 'URL',
      },
    },
  },
});
