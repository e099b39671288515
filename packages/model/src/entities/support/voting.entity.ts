import { defineEntity } from '../../entity.ts';
import { boolean, datetime, integer, link, list, select, text, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A ballot on a record (a Deal, a CreditLine, a Project: `entityName` + `entityRegistration`),
 * usually held by a committee (server/src/committees, docs/committees.md). Its eligible voters
 * cast one vote each while it is OPEN; closing it counts the votes (`tallyVoting`): the result
 * fields are the server's, and an APPROVED or REJECTED outcome runs the subject's APPROVE or
 * REJECT transition. A closed ballot is final: it is not reopened.
 */
export const voting = defineEntity({
  name: 'Voting',
  route: 'support/votings',
  prefix: 'VTG',
  fields: {
    /** The record voted on, by its kind's name and registration (as tasks and documents link). */
    entityName: text({ label: 'Kind' }),
    entityRegistration: text({ label: 'Record' }),
    committeeRegistration: link('Committee'),
    description: textarea(),
    /** Who may vote (usernames). */
    voters: list({ username: link('User', { mandatory: true }) }, { label: 'Eligible voters' }),
    /** Votes needed (abstentions count): a number of voters, or a percent of the eligible ones. */
    quorum: integer(),
    quorumType: select('votingQuorumType'),
    /** SIMPLE: more for than against; TWO_THIRDS: for ≥ 2/3 of for + against; UNANIMOUS: none against. Abstentions count for neither. */
    majority: select('votingMajority'),
    /** SECRET: who voted what is never shown (docs/committees.md). */
    ballot: select('votingBallot'),
    opensDate: datetime(),
    closesDate: datetime(),
    forCount: integer({ readOnly: true }),
    againstCount: integer({ readOnly: true }),
    abstainCount: integer({ readOnly: true }),
    voteCount: integer({ readOnly: true }),
    quorumRequired: integer({ readOnly: true }),
    quorumReached: boolean({ readOnly: true }),
    outcome: select('votingOutcome', { readOnly: true }),
    closingDate: datetime({ readOnly: true }),
    /** What the outcome did to the record voted on (its transition, or why it could not run). */
    decision: text({ readOnly: true }),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('entityName'),
    equal('entityRegistration'),
    equal('committeeRegistration'),
    equal('outcome'),
    range('closesDate'),
  ],
  columns: [
    'registration',
    'status',
    'name',
    column('entityName', { label: 'Kind' }),
    column('entityRegistration', { render: 'link', entityField: 'entityName', label: 'Record' }),
    'committeeRegistration',
    'majority',
    'ballot',
    'closesDate',
    'forCount',
    'againstCount',
    'abstainCount',
    'outcome',
  ],
  statuses: ['DRAFT', 'OPEN', 'CLOSED', 'CANCELLED'],
  frozenIn: ['CLOSED', 'CANCELLED'],
  workflow: () => [
    t('OPEN', 'DRAFT', 'OPEN', { requiredFields: ['voters.username'] }),
    t('CLOSE', 'OPEN', 'CLOSED', { sideEffects: ['tallyVoting'] }),
    t('CANCEL', ['DRAFT', 'OPEN'], 'CANCELLED'),
  ],
  writeHooks: 'voting',
  screens: { detail: 'voting' },
  menu: { section: 'Support', order: 60 },
  labels: {
    fr: {
      singular: 'Scrutin',
      plural: 'Scrutins',
      texts: {
        'Committee registration': 'Comité',
        'Eligible voters': 'Votants habilités',
        Quorum: 'Quorum',
        'Quorum type': 'Type de quorum',
        Majority: 'Majorité',
        Ballot: 'Scrutin',
        'Opens date': 'Ouverture',
        'Closes date': 'Clôture prévue',
        'For count': 'Pour',
        'Against count': 'Contre',
        'Abstain count': 'Abstentions',
        'Vote count': 'Votes exprimés',
        'Quorum required': 'Quorum requis',
        'Quorum reached': 'Quorum atteint',
        Outcome: 'Résultat',
        'Closing date': 'Date de clôture',
        Decision: 'Décision',
      },
    },
  },
});
