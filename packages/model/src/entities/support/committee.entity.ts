import { defineEntity } from '../../entity.ts';
import { datetime, link, list, persons, select, text, textarea } from '../../fields.ts';
import { column } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** A meeting that reviews projects; its persons (role PARTNER) are invited and answer. */
export const committee = defineEntity({
  name: 'Committee',
  route: 'support/committees',
  prefix: 'COM',
  typeList: 'committeeType',
  fields: {
    orgaRegistration: link('Person'),
    ownerRegistration: link('Person'),
    subject: text(),
    startDate: datetime(),
    endDate: datetime(),
    comment: textarea(),
    persons: list({
      ...persons().fields,
      inviteStatus: select('committeeInviteStatus'),
      rsvp: select('rsvp'),
    }),
    projects: list({ projectRegistration: link('Project') }),
  },
  columns: [
    'registration',
    'status',
    'type',
    'name',
    'subject',
    'startDate',
    'endDate',
    'orgaRegistration',
    'ownerRegistration',
    'comment',
    column('_insertDate', { render: 'datetime', label: 'Created' }),
  ],
  statuses: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'CLOSED', 'CANCELLED'],
  workflow: () => [
    t('SCHEDULE', 'DRAFT', 'SCHEDULED', { requiredFields: ['startDate'] }),
    t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
    t('START', 'SCHEDULED', 'IN_PROGRESS'),
    t('CLOSE', 'IN_PROGRESS', 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('CANCEL', ['DRAFT', 'SCHEDULED'], 'CANCELLED'),
  ],
  menu: { section: 'Support', order: 50 },
  labels: { fr: { singular: 'Comité', plural: 'Comités' } },
});
