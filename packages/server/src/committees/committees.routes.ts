import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { committee as committeeKind } from '@lbo/model/entities/support/committee.entity';
import { voting as votingKind } from '@lbo/model/entities/support/voting.entity';
import { errorSchema } from '@lbo/model/schema/kind-schemas';
import { idParams } from '@lbo/model/schema/request-values';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import { databaseError } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import { hasPermission } from '../workflow/permissions.ts';
import { answer, invite, personOfUser } from './committee.operation.ts';
import { castVote, votingTally } from './voting.operation.ts';

/**
 * The committee and voting routes beside the generic ones (docs/committees.md):
 *   POST /api/support/committees/{registration}/invite   invitations sent (write committees)
 *   POST /api/support/committees/{registration}/rsvp     an answer: the caller's own (read
 *        committees), or a named person's (write committees)
 *   POST /api/support/votings/{registration}/votes       the caller's vote (read votings; an eligible voter)
 *   GET  /api/support/votings/{registration}/tally       the count, who voted, the caller's vote
 */
type PreHandler = (request: FastifyRequest) => Promise<void>;

const committees = `/api/${committeeKind.route}`;
const votings = `/api/${votingKind.route}`;
const WRITE_COMMITTEES = `write ${committees}`;

const inviteBody = z
  .strictObject({
    personRegistrations: z
      .array(z.string().min(1).max(100))
      .max(500)
      .optional()
      .describe("the committee's persons to invite; all those still INTENDED when absent"),
  })
  .optional();
const rsvpBody = z.strictObject({
  rsvp: z.enum(['ACCEPTED', 'REFUSED']).describe('the answer'),
  personRegistration: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("whose answer: the signed-in user's person when absent (another's needs write committees)"),
});
const voteBody = z.strictObject({
  choice: z.enum(['FOR', 'AGAINST', 'ABSTAIN']).describe('the vote'),
  comment: z.string().max(2000).optional(),
});
const refusals = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const answered = z.record(z.string(), z.unknown());

export async function committeeRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const api = typed(app);

  api.post(
    `${committees}/:id/invite`,
    {
      preValidation: preHandler,
      config: { permission: WRITE_COMMITTEES },
      schema: {
        tags: [committeeKind.name],
        summary: "Invite the committee's persons: INVITED, with a mail to those who have an address",
        description: '{committee, invited: [personRegistration], mailed}; a person not of the committee answers 404.',
        params: idParams,
        body: inviteBody,
        response: { 200: answered, ...refusals },
      },
    },
    async (request) => {
      const caller = request.caller!;
      return inTenant(db, scopeOf(caller), (tx) =>
        invite(tx, caller, request.params.id, request.body?.personRegistrations),
      ).catch((e) => databaseError(e, committeeKind));
    },
  );

  api.post(
    `${committees}/:id/rsvp`,
    {
      preValidation: preHandler,
      config: { permission: `read ${committees}` },
      schema: {
        tags: [committeeKind.name],
        summary: 'Answer an invitation to the committee: ACCEPTED or REFUSED',
        description:
          'The committee as stored, its counts kept. Without personRegistration, the signed-in user answers for their own person.',
        params: idParams,
        body: rsvpBody,
        response: { 200: answered, ...refusals },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { rsvp, personRegistration } = request.body;
      if (personRegistration !== undefined && !hasPermission(caller, WRITE_COMMITTEES))
        throw new ApiError('FORBIDDEN', [WRITE_COMMITTEES]);
      return inTenant(db, scopeOf(caller), async (tx) => {
        const person = personRegistration ?? (await personOfUser(tx, caller));
        if (!person) throw new ApiError('MISSING_FIELD_IN_BODY', ['personRegistration']);
        return answer(tx, caller, request.params.id, person, rsvp);
      }).catch((e) => databaseError(e, committeeKind));
    },
  );

  api.post(
    `${votings}/:id/votes`,
    {
      preValidation: preHandler,
      config: { permission: `read ${votings}` },
      schema: {
        tags: [votingKind.name],
        summary: "Cast the signed-in user's vote: FOR, AGAINST or ABSTAIN, once",
        description:
          'Only an eligible voter, only while the voting is OPEN; a second vote answers 409 VOTE_ALREADY_CAST (the database holds one vote per voter). Answers {vote, tally}.',
        params: idParams,
        body: voteBody,
        response: { 201: answered, ...refusals },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const vote = await inTenant(db, scopeOf(caller), (tx) => castVote(tx, caller, request.params.id, request.body));
      const tally = await readInTenant(db, scopeOf(caller), (tx) => votingTally(tx, caller, request.params.id));
      reply.code(201);
      return { vote, tally };
    },
  );

  api.get(
    `${votings}/:id/tally`,
    {
      preValidation: preHandler,
      config: { permission: `read ${votings}` },
      schema: {
        tags: [votingKind.name],
        summary: "The voting's count, who of its voters voted, and the caller's vote",
        description:
          'count: for/against/abstain, quorum and the outcome so far (null for a secret ballot until it closes); voters: [{username, voted, choice (open ballots only)}]; result: the stored result once CLOSED.',
        params: idParams,
        response: { 200: answered, ...refusals },
      },
    },
    async (request) => {
      const caller = request.caller!;
      return readInTenant(db, scopeOf(caller), (tx) => votingTally(tx, caller, request.params.id)).catch((e) =>
        databaseError(e, votingKind),
      );
    },
  );
}
