import { defineEntity } from '../../entity.ts';
import { datetime, link, list, persons, select, text, textarea } from '../../fields.ts';
import { column } from '../../search.ts';

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
});
