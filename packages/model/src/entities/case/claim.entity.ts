import { defineEntity } from '../../entity.ts';
import { date, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const claim = defineEntity({
  name: 'Claim',
  route: 'case/claims',
  prefix: 'CLM',
  fields: {
    code: text(),
    description: textarea(),
    // "references" of the spec: the claim's internal and external references.
    internalReference: text(),
    externalReference: text(),
    startDate: date(),
    endDate: date(),
  },
  search: [
    'registration',
    equal('status'),
    equal('code'),
    regex('name'),
    regex('description'),
    equal('internalReference'),
    equal('externalReference'),
    range('startDate'),
    range('endDate'),
  ],
  columns: [
    'registration',
    'status',
    'code',
    'name',
    'description',
    'internalReference',
    'externalReference',
    'startDate',
    'endDate',
  ],
  statuses: ['DRAFT', 'DECLARED', 'UNDER_REVIEW', 'ACCEPTED', 'SETTLED', 'CLOSED', 'REJECTED'],
  workflow: (kind) => [
    t('DECLARE', 'DRAFT', 'DECLARED', { requiredFields: ['startDate'] }),
    t('UNDO_DECLARE', 'DECLARED', 'DRAFT', { label: 'Back to draft', icon: 'RollbackOutlined', action: 'UNDO' }),
    t('REVIEW', 'DECLARED', 'UNDER_REVIEW'),
    t('ACCEPT', 'UNDER_REVIEW', 'ACCEPTED', { permission: approver(kind) }),
    t('SETTLE', 'ACCEPTED', 'SETTLED', { action: 'DO' }),
    t('CLOSE', ['SETTLED', 'REJECTED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('REJECT', 'UNDER_REVIEW', 'REJECTED', { permission: approver(kind) }),
  ],
  menu: { section: 'Cases', order: 20 },
  labels: { fr: { singular: 'Réclamation', plural: 'Réclamations' } },
});
