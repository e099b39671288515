import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ticket as ticketKind } from '@lbo/model/entities/support/ticket.entity';
import { errorSchema, recordSchema } from '@lbo/model/schema/kind-schemas';
import { idParams } from '@lbo/model/schema/request-values';
import type { Db } from '../db/database.ts';
import { sendRecord } from '../entities/entity.routes.ts';
import { typed } from '../http/schemas.ts';
import { postMessage, readQueue } from './ticket-messages.operation.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/** The longest message of a thread, in characters. */
export const MESSAGE_MAX = 20_000;

const messageBody = z.strictObject({
  body: z.string().trim().min(1).max(MESSAGE_MAX).describe(`Markdown text, at most ${MESSAGE_MAX} characters`),
  internal: z.boolean().optional().describe('an internal note, not a reply to the requester'),
  fromRequester: z.boolean().optional().describe("the requester's answer, recorded by the staff"),
});

const queueQuery = z.strictObject({
  team: z
    .string()
    .max(64)
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .optional()
    .describe('a profile code: only that team'),
});

const queueSchema = z.array(
  z.object({
    team: z.string().nullable(),
    open: z.number(),
    breached: z.number(),
    tickets: z.array(z.record(z.string(), z.unknown())),
  }),
);

/**
 * The support desk's routes beside the generic ones of tickets (docs/support-desk.md):
 *   POST /api/support/tickets/{registration}/messages   a reply or an internal note on the thread
 *   GET  /api/support/queue?team=                       open tickets by team, oldest first, with breach counts
 */
export async function supportRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const api = typed(app);
  const base = `/api/${ticketKind.route}`;
  const tags = [ticketKind.name];
  const refusals = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

  api.post(
    `${base}/:id/messages`,
    {
      preValidation: preHandler,
      config: { permission: `write ${base}` },
      schema: {
        tags,
        summary: "Add a reply or an internal note to a ticket's thread (stamped with its author and instant)",
        description:
          "The first public reply of the staff stamps `firstResponseDate`; the requester's answer (`fromRequester`, or written by the requester user) resumes a WAITING ticket and reopens a RESOLVED one.",
        params: idParams,
        body: messageBody,
        response: { 200: recordSchema(ticketKind), ...refusals },
      },
    },
    async (request, reply) =>
      sendRecord(reply, await postMessage(db, request.caller!, request.params.id, request.body)),
  );

  api.get(
    '/api/support/queue',
    {
      preValidation: preHandler,
      config: { permission: `read ${base}` },
      schema: {
        tags,
        summary: 'The open tickets by team (no team last), oldest first, with how many are past their service levels',
        querystring: queueQuery,
        response: { 200: queueSchema, ...refusals },
      },
    },
    async (request) => readQueue(db, request.caller!, request.query.team),
  );
}
