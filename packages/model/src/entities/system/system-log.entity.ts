import { defineEntity } from '../../entity.ts';
import { datetime, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';

/** A line of the platform's own log (a job, a connector, a cron): what the operators read when something went wrong. */
export const systemLog = defineEntity({
  name: 'SystemLog',
  route: 'system/system-logs',
  prefix: 'SYL',
  status: false,
  readOnly: true,
  fields: {
    date: datetime(),
    level: text(),
    source: text(),
    message: textarea(),
    requestId: text({ label: 'Request ID' }),
    username: text(),
  },
  search: [equal('level'), equal('source'), equal('requestId'), equal('username'), range('date'), regex('message')],
  columns: ['registration', 'date', 'level', 'source', 'message', 'requestId', 'username'],
  textSearch: ['registration', 'message'],
  menu: { section: 'Administration', order: 70 },
  screens: { listPage: { addButton: false, pageSize: 20 } },
  labels: {
    fr: {
      singular: 'Journal système',
      plural: 'Journaux système',
      texts: { Source: 'Source', Message: 'Message' },
    },
  },
});
