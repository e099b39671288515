import { defineEntity } from '../../entity.ts';
import { datetime, text } from '../../fields.ts';
import { equal, range } from '../../search.ts';

/** A sign-in, logout, lock, denial or impersonation, written by the server (auth/access-log.ts); its type is the event. */
export const accessLog = defineEntity({
  name: 'AccessLog',
  route: 'system/access-logs',
  prefix: 'ACL',
  status: false,
  readOnly: true,
  fields: {
    date: datetime(),
    user: text(),
    address: text({ label: 'IP address' }),
    requestId: text({ label: 'Request ID' }),
  },
  search: [equal('type'), equal('user'), equal('address'), equal('requestId'), range('date')],
  columns: ['registration', 'date', 'type', 'user', 'address', 'requestId'],
  menu: { section: 'Administration', order: 50 },
  screens: { listPage: { addButton: false } },
  labels: {
    fr: {
      singular: "Journal d'accès",
      plural: "Journaux d'accès",
      texts: { 'IP address': 'Adresse IP' },
    },
  },
});
