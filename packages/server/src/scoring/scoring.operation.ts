import { sql } from 'kysely';
import { score as scoreKind } from '@lbo/model/entities/scoring/score.entity';
import { scoreCard as cardKind } from '@lbo/model/entities/scoring/score-card.entity';
import { scoreWith, type ScoreCardData } from '@lbo/model/entities/scoring/score-card-rules';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import type { Tx } from '../db/database.ts';
import { createIn, mustFindRow, updateIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { measureClient } from './measures.ts';

/**
 * Scores a client on a card and keeps the Score (docs/scoring.md): the measures read from the
 * tenant's records, the card's bands and weights, its decision rules. Each score is a new record,
 * so a person's scores are its history; the deal it was computed for carries its last one
 * (`scoreTotal`, `scoreDecision`, `scoreRegistration`), which its APPROVE obeys.
 */

const dealKind = entityByName('Deal')!;
const personKind = entityByName('Person')!;

export interface ComputeRequest {
  personRegistration?: string;
  dealRegistration?: string;
  /** The card to score with; the tenant's default card when absent. */
  cardRegistration?: string;
}

/** The deal's client: its CLIENT person, else its first person. */
export function clientOf(deal: Doc): string | undefined {
  const persons = Array.isArray(deal.persons) ? (deal.persons as { role?: string; personRegistration?: string }[]) : [];
  return (persons.find((p) => p.role === 'CLIENT') ?? persons[0])?.personRegistration;
}

/** The tenant's default card (the oldest marked default), or undefined when it has none. */
export async function defaultCard(tx: Tx, tenant: string) {
  const [card] = await storage.findWhere(tx, cardKind, tenant, sql<boolean>`(data->>'isDefault')::boolean IS TRUE`, 1);
  return card;
}

/** A person as a score names it: its name, else its first and last names, else its registration. */
const nameOf = (person: storage.Row) =>
  person.name ||
  [person.data.firstName, person.data.lastName].filter((n) => typeof n === 'string' && n).join(' ') ||
  person.registration;

/** The deal's score fields for a stored Score. */
export const dealScoreFields = (score: Doc) => ({
  scoreTotal: score.total,
  scoreDecision: score.decision,
  scoreRegistration: score.registration,
});

/**
 * Computes and stores a Score for `deal` (a document, possibly not yet written: the SUBMIT side
 * effect's) or for a person alone; answers the Score, or undefined when the tenant has no card.
 */
export async function scoreClient(
  tx: Tx,
  caller: Caller,
  today: string,
  target: { person: string; deal?: Doc; cardRegistration?: string },
): Promise<Doc | undefined> {
  const card = target.cardRegistration
    ? await mustFindRow(tx, caller, cardKind, target.cardRegistration)
    : await defaultCard(tx, caller.tenant);
  if (!card) return undefined;
  const person = await storage.findOne(tx, personKind, caller.tenant, target.person);
  if (!person) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Person', target.person]);
  const measures = await measureClient(tx, caller.tenant, storage.toDocument(person), today);
  const result = scoreWith(card.data as ScoreCardData, measures);
  return createIn(tx, caller, scoreKind, {
    name: `${nameOf(person)} — ${result.decision}`,
    type: 'CREDIT',
    personRegistration: person.registration,
    ...(target.deal?.registration ? { dealRegistration: String(target.deal.registration) } : {}),
    cardRegistration: card.registration,
    total: result.total,
    decision: result.decision,
    scoreDate: today,
    explanation: result.explanation,
    status: 'COMPUTED',
  } as never);
}

/** `POST /api/scoring/scores/compute`: a deal's client (the deal then carries the score) or a person. */
export async function computeOnDemand(tx: Tx, caller: Caller, today: string, request: ComputeRequest): Promise<Doc> {
  let deal: storage.Row | undefined;
  if (request.dealRegistration) deal = await mustFindRow(tx, caller, dealKind, request.dealRegistration, true);
  const person = request.personRegistration ?? (deal ? clientOf(deal.data) : undefined);
  if (!person) throw new ApiError('MISSING_FIELD_IN_BODY', [deal ? 'persons (of the deal)' : 'personRegistration']);
  const stored = await scoreClient(tx, caller, today, {
    person,
    deal: deal ? storage.toDocument(deal) : undefined,
    cardRegistration: request.cardRegistration,
  });
  if (!stored) throw new ApiError('MISSING_CONFIG', ['score card (no default score card)']);
  if (deal) await updateIn(tx, caller, dealKind, deal, dealScoreFields(stored) as never, { mode: 'merge' });
  return stored;
}
