import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { vote as voteKind } from '@lbo/model/entities/support/vote.entity';
import { voting as votingKind } from '@lbo/model/entities/support/voting.entity';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { createIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import { BALLOT_BOX, secretVoter, tally, type Choice, type Tally } from './tally.ts';

/**
 * Votes and their count (docs/committees.md): one vote per eligible voter while the voting is
 * OPEN, the database holding the "one" (Vote's unique index); the count shown live for an open
 * ballot, and for a secret one only once closed; closing counts the votes and moves the record
 * voted on by its APPROVE or REJECT transition.
 */
const itemsOf = (value: unknown): Doc[] =>
  Array.isArray(value) ? value.filter((v): v is Doc => typeof v === 'object' && v !== null) : [];

export const eligibleVoters = (voting: Doc): string[] => itemsOf(voting.voters).map((v) => String(v.username));

/** What is stored as the voter of `username` in `voting`. */
export const storedVoter = (tenant: string, voting: Doc, username: string) =>
  voting.ballot === 'SECRET' ? secretVoter(tenant, String(voting.registration), username) : username;

export async function votesOf(tx: Tx, tenant: string, registration: string): Promise<Doc[]> {
  const rows = await storage.findWhere(
    tx,
    voteKind,
    tenant,
    sql<boolean>`data->>'votingRegistration' = ${registration} AND status = 'CAST'`,
    10_000,
  );
  return rows.map((row) => storage.toDocument(row) as Doc);
}

export const countOf = (voting: Doc, votes: Doc[]): Tally =>
  tally(
    votes.map((v) => v.choice),
    {
      eligible: eligibleVoters(voting).length,
      quorum: voting.quorum,
      quorumType: voting.quorumType,
      majority: voting.majority,
    },
  );

/** The voting `id`, locked while a vote is written so that a close waits for it (and a vote after a close sees it CLOSED). */
async function mustFindVoting(tx: Tx, tenant: string, id: string, lock: boolean): Promise<Doc> {
  const row = await storage.findOne(tx, votingKind, tenant, id, lock);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [votingKind.name, id]);
  return storage.toDocument(row) as Doc;
}

export interface Ballot {
  choice: Choice;
  comment?: string;
}

/**
 * Casts the caller's vote in voting `id`: refused unless the voting is OPEN (and not past its
 * closing date) and the caller one of its voters; a second vote of the same voter is refused by
 * the database's unique index and answered VOTE_ALREADY_CAST (409).
 */
export async function castVote(tx: Tx, caller: Caller, id: string, ballot: Ballot, now = new Date()): Promise<Doc> {
  const voting = await mustFindVoting(tx, caller.tenant, id, true);
  const registration = String(voting.registration);
  if (voting.status !== 'OPEN') throw new ApiError('VOTING_NOT_OPEN', [registration, voting.status]);
  if (typeof voting.closesDate === 'string' && voting.closesDate < now.toISOString())
    throw new ApiError('VOTING_NOT_OPEN', [registration, `past its closing date ${voting.closesDate}`]);
  if (typeof voting.opensDate === 'string' && voting.opensDate > now.toISOString())
    throw new ApiError('VOTING_NOT_OPEN', [registration, `not open before ${voting.opensDate}`]);
  if (!eligibleVoters(voting).includes(caller.username))
    throw new ApiError('VOTER_NOT_ELIGIBLE', [caller.username, registration]);
  const secret = voting.ballot === 'SECRET';
  // A secret ballot's vote is written by the ballot box: its audit fields and History row name no voter.
  const writer: Caller = secret ? { ...caller, username: BALLOT_BOX } : caller;
  return createIn(
    tx,
    writer,
    voteKind,
    {
      votingRegistration: registration,
      name: `${registration} ${secret ? '(secret)' : caller.username}`,
      voter: storedVoter(caller.tenant, voting, caller.username),
      choice: ballot.choice,
      ...(ballot.comment ? { comment: ballot.comment } : {}),
      date: now.toISOString(),
      status: 'CAST',
    },
    { as: 'system' },
  ).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'VALUE_ALREADY_EXISTS')
      throw new ApiError('VOTE_ALREADY_CAST', [caller.username, registration]);
    throw error;
  }) as Promise<Doc>;
}

/**
 * What the voting screen shows: the count (live for an open ballot; for a secret one only once
 * closed), who of the voters has voted, their choices when the ballot is open, and the caller's
 * own vote.
 */
export async function votingTally(tx: Tx, caller: Caller, id: string): Promise<Doc> {
  const voting = await mustFindVoting(tx, caller.tenant, id, false);
  const registration = String(voting.registration);
  const votes = await votesOf(tx, caller.tenant, registration);
  const secret = voting.ballot === 'SECRET';
  const byVoter = new Map(votes.map((v) => [String(v.voter), v]));
  const voters = eligibleVoters(voting).map((username) => {
    const cast = byVoter.get(storedVoter(caller.tenant, voting, username));
    return {
      username,
      voted: cast !== undefined,
      ...(cast && !secret ? { choice: cast.choice, comment: cast.comment ?? null, date: cast.date ?? null } : {}),
    };
  });
  const mine = byVoter.get(storedVoter(caller.tenant, voting, caller.username));
  const counted = voting.status === 'CLOSED' || !secret;
  return {
    registration,
    status: voting.status,
    ballot: voting.ballot ?? 'OPEN',
    majority: voting.majority ?? 'SIMPLE',
    eligible: voters.length,
    voted: votes.length,
    canVote: voting.status === 'OPEN' && !mine && eligibleVoters(voting).includes(caller.username),
    myVote: mine ? { choice: mine.choice, date: mine.date ?? null } : null,
    voters,
    count: counted ? countOf(voting, votes) : null,
    result:
      voting.status === 'CLOSED'
        ? Object.fromEntries(
            [
              'forCount',
              'againstCount',
              'abstainCount',
              'voteCount',
              'quorumRequired',
              'quorumReached',
              'outcome',
              'decision',
              'closingDate',
            ].map((f) => [f, voting[f] ?? null]),
          )
        : null,
  };
}

/** The transition an outcome runs on the record voted on. */
const transitionOf: Record<string, string> = { APPROVED: 'APPROVE', REJECTED: 'REJECT' };

/**
 * `tallyVoting`, the side effect of a voting's CLOSE: its votes counted into its result fields,
 * and, when it approved or rejected a record, that record's APPROVE or REJECT transition run in
 * the same transaction, as the system user `system` (the committee decided, not the user who
 * closed the ballot), audited by the record's History. A transition the record
 * cannot take (a deal already approved, a kind without REJECT) does not stop the close: the
 * voting's `decision` says why.
 */
export async function tallyVoting({ tx, caller, doc, now }: SideEffectContext): Promise<Doc> {
  const votes = await votesOf(tx, caller.tenant, String(doc.registration));
  const count = countOf(doc, votes);
  const result: Doc = { ...doc, ...count, closingDate: now };
  const code = transitionOf[count.outcome];
  const kind = typeof doc.entityName === 'string' ? entityByName(doc.entityName) : undefined;
  if (!code || !kind || typeof doc.entityRegistration !== 'string') {
    result.decision = count.outcome === 'NO_QUORUM' ? 'No quorum: nothing decided' : 'No record voted on';
    return result;
  }
  // The product's system user, as its own jobs move records (and as the deal's score decision lets a committee approve).
  const system: WorkflowCaller = { ...caller, username: 'system', isAdmin: true };
  // A refused transition may have failed in SQL: the savepoint keeps the close's transaction usable.
  await sql`SAVEPOINT voting_decision`.execute(tx);
  try {
    const moved = await runTransition(tx, system, kind, doc.entityRegistration, code);
    await sql`RELEASE SAVEPOINT voting_decision`.execute(tx);
    result.decision = `${kind.name} ${doc.entityRegistration}: ${code} → ${moved.status}`;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT voting_decision`.execute(tx);
    if (!(error instanceof ApiError)) throw error;
    result.decision = `${kind.name} ${doc.entityRegistration}: ${code} not run (${error.message})`.slice(0, 500);
  }
  return result;
}
