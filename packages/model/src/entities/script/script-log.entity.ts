import { defineEntity } from '../../entity.ts';
import { datetime, link, text, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';

/** A line logged by a script run; listed without an add button, 20 per page. */
export const scriptLog = defineEntity({
  name: 'ScriptLog',
  route: 'logs',
  prefix: 'SLG',
  status: false,
  readOnly: true,
  fields: {
    requestId: text({ label: 'Request ID' }),
    scriptName: link('Script'),
    username: link('User'),
    level: text(),
    expirationDate: datetime(),
    output: textarea(),
  },
  search: [
    equal('requestId'),
    equal('scriptName'),
    equal('username'),
    equal('level'),
    range('insertDate', { field: '_insertDate' }),
    range('expirationDate'),
    regex('output'),
  ],
  columns: [
    'registration', // links the row
    'requestId',
    'scriptName',
    'username',
    'level',
    column('_insertDate', { render: 'datetime', label: 'Date' }),
    'expirationDate',
    'output',
  ],
  menu: { section: 'Configuration', order: 20 },
  labels: {
    fr: {
      singular: 'Journal de script',
      plural: 'Journaux de scripts',
      texts: { 'Request ID': 'Identifiant de requête' },
    },
  },
  screens: { listPage: { addButton: false, pageSize: 20 } },
});
