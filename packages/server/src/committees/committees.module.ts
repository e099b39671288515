import type { ServerModule } from '../modules/server-module.ts';
import { committeeWriteHooks } from './committee-hooks.ts';
import { committeeRoutes } from './committees.routes.ts';
import { playDemoCommittee } from './demo-committee.ts';
import { tallyVoting } from './voting.operation.ts';

/**
 * Committees and votes (docs/committees.md): a committee's invitations and answers and its list
 * counts; votings on a record with their eligible voters, quorum, majority and secret or open
 * ballot; one vote per voter, held by the database; the count on closing, which approves or
 * rejects the record voted on.
 */
export const committeesModule: ServerModule = {
  name: 'committees',
  async register(app, { db, preHandler }) {
    await app.register(committeeRoutes, { db, preHandler });
  },
  writeHooks: committeeWriteHooks,
  sideEffects: { tallyVoting },
  demo: [{ name: 'a credit committee and its vote', run: playDemoCommittee }],
};
