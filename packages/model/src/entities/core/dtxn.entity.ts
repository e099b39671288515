import { defineEntity } from '../../entity.ts';
import { datetime, list, select, text, textarea } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * A change spanning several records written as one (spec 000 §2.2 `/dtxns`): the records it
 * touches and what it did to each, so that an administrator can roll back one left pending or failed.
 */
export const dtxn = defineEntity({
  name: 'Dtxn',
  route: 'core/dtxns',
  prefix: 'DTX',
  statuses: ['PENDING', 'COMMITTED', 'ROLLED_BACK', 'ERROR'],
  workflow: (kind) => [
    t('COMMIT', 'PENDING', 'COMMITTED', { hidden: true }),
    t('FAIL', 'PENDING', 'ERROR', { hidden: true }),
    t('ROLL_BACK', ['PENDING', 'ERROR'], 'ROLLED_BACK', { permission: approver(kind) }),
  ],
  fields: {
    startDate: datetime(),
    endDate: datetime(),
    username: text(),
    requestId: text({ label: 'Request ID' }),
    operations: list({
      entityName: text({ label: 'Record kind' }),
      record: text({ label: 'Record' }),
      operation: select('dtxnType'),
    }),
    errorMessage: textarea(),
  },
  search: ['registration', equal('status'), equal('type'), equal('username'), equal('requestId'), range('startDate')],
  columns: ['registration', 'type', 'status', 'startDate', 'endDate', 'username', 'requestId'],
  menu: { section: 'Administration', order: 100 },
  screens: { listPage: { addButton: false } },
  labels: {
    fr: {
      singular: 'Transaction distribuée',
      plural: 'Transactions distribuées',
      texts: {
        Operations: 'Opérations',
        'Record kind': "Type d'enregistrement",
        Record: 'Fiche',
        Operation: 'Opération',
        'Error message': 'Message d’erreur',
      },
    },
  },
});
