import { defineEntity } from '../../entity.ts';
import { datetime, integer, link, list, persons, select, text, textarea } from '../../fields.ts';
import { column } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A meeting that reviews projects (a credit committee, a risk committee); its persons (role
 * PARTNER) are invited and answer (server/src/committees, docs/committees.md). The counts of the
 * list (spec 001 §3) are kept by the server on every write: read-only, stored, so the list sorts
 * and filters on them without reading the persons.
 */
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
      /** When the invitation was sent (the invite route), and when the person answered. */
      invitationDate: datetime({ readOnly: true }),
      rsvpDate: datetime({ readOnly: true }),
    }),
    projects: list({ projectRegistration: link('Project') }),
    projectCount: integer({ readOnly: true }),
    personCount: integer({ readOnly: true }),
    /** Persons whose inviteStatus is other than INTENDED. */
    invitedCount: integer({ readOnly: true }),
    acceptedCount: integer({ readOnly: true }),
    refusedCount: integer({ readOnly: true }),
    presentedCount: integer({ readOnly: true }),
    absentCount: integer({ readOnly: true }),
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
    'projectCount',
    'personCount',
    'invitedCount',
    'acceptedCount',
    'refusedCount',
    'presentedCount',
    'absentCount',
  ],
  statuses: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'CLOSED', 'CANCELLED'],
  workflow: () => [
    t('SCHEDULE', 'DRAFT', 'SCHEDULED', { requiredFields: ['startDate'] }),
    t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
    t('START', 'SCHEDULED', 'IN_PROGRESS'),
    t('CLOSE', 'IN_PROGRESS', 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('CANCEL', ['DRAFT', 'SCHEDULED'], 'CANCELLED'),
  ],
  writeHooks: 'committee',
  screens: { detail: 'committee' },
  menu: { section: 'Support', order: 50 },
  labels: {
    fr: {
      singular: 'Comité',
      plural: 'Comités',
      texts: {
        'Orga registration': 'Organisation',
        'Owner registration': 'Responsable',
        Subject: 'Objet',
        'Start date': 'Date de début',
        'End date': 'Date de fin',
        Comment: 'Commentaire',
        Persons: 'Personnes',
        'Invite status': 'Invitation',
        Rsvp: 'Réponse',
        'Invitation date': "Date d'invitation",
        'Rsvp date': 'Date de réponse',
        Projects: 'Projets',
        'Project registration': 'Projet',
        'Project count': 'Projets',
        'Person count': 'Personnes',
        'Invited count': 'Invités',
        'Accepted count': 'Acceptés',
        'Refused count': 'Refusés',
        'Presented count': 'Présents',
        'Absent count': 'Absents',
      },
    },
  },
});
