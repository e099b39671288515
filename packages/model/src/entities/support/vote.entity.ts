import { defineEntity } from '../../entity.ts';
import { datetime, link, select, text, textarea } from '../../fields.ts';
import { equal } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * One voter's vote in a voting (server/src/committees, docs/committees.md), cast with
 * `POST /api/support/votings/{registration}/votes` and never changed: the generic API only reads
 * votes. The database holds one vote per voter per voting (the unique index below). In a secret
 * ballot `voter` is a digest of the username, not the username, and the row's writer is the
 * ballot box (`ballot`), so that no reader learns who voted what.
 */
export const vote = defineEntity({
  name: 'Vote',
  route: 'support/votes',
  prefix: 'VOT',
  readOnly: true,
  fields: {
    // Not `mandatory`: no client writes a vote; the server always sets these three (voting.operation.ts).
    votingRegistration: link('Voting'),
    voter: text(),
    choice: select('voteChoice'),
    comment: textarea(),
    date: datetime(),
  },
  search: ['registration', equal('votingRegistration'), equal('voter'), equal('choice')],
  columns: ['registration', 'status', 'votingRegistration', 'voter', 'choice', 'date', 'comment'],
  unique: ['votingRegistration', 'voter'],
  // A vote is cast once; only an administrator strikes one out (WITHDRAWN: no longer counted, and its voter does not vote again).
  statuses: ['CAST', 'WITHDRAWN'],
  workflow: () => [t('WITHDRAW', 'CAST', 'WITHDRAWN', { permission: 'withdraw /api/support/votes' })],
  menu: { section: 'Support', order: 70 },
  labels: {
    fr: {
      singular: 'Vote',
      plural: 'Votes',
      texts: { 'Voting registration': 'Scrutin', Voter: 'Votant', Choice: 'Choix', Date: 'Date' },
    },
  },
});
