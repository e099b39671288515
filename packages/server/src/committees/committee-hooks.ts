import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { committee as committeeKind } from '@lbo/model/entities/support/committee.entity';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';

/**
 * What the generic writes of committees and votings add (docs/committees.md): a committee's
 * counts (spec 001 §3) kept from its persons and projects, its persons PARTNER and INTENDED unless
 * said otherwise; a voting's subject, committee and voters checked, its result fields the
 * server's, its rules fixed once it is open.
 */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const itemsOf = (value: unknown): Doc[] =>
  Array.isArray(value) ? value.filter((v): v is Doc => typeof v === 'object' && v !== null) : [];

/** The list counts of a committee (spec 001 §3), from its persons and projects. */
export function committeeCounts(doc: Doc): Doc {
  const persons = itemsOf(doc.persons);
  const count = (test: (p: Doc) => boolean) => persons.filter(test).length;
  return {
    projectCount: itemsOf(doc.projects).length,
    personCount: persons.length,
    invitedCount: count((p) => given(p.inviteStatus) && p.inviteStatus !== 'INTENDED'),
    acceptedCount: count((p) => p.rsvp === 'ACCEPTED'),
    refusedCount: count((p) => p.rsvp === 'REFUSED'),
    presentedCount: count((p) => p.inviteStatus === 'PRESENTED'),
    absentCount: count((p) => p.inviteStatus === 'ABSENT'),
  };
}

/** A committee written by the server (an invitation, an answer) with its counts. */
export const withCounts = (doc: Doc): Doc => ({ ...doc, ...committeeCounts(doc) });

/** A committee as a client writes it: its persons PARTNER and INTENDED by default, the dates the server stamps kept, its counts. */
export function completeCommittee(doc: Doc, before?: Doc): Doc {
  const earlier = new Map(itemsOf(before?.persons).map((p) => [String(p.personRegistration), p]));
  const persons = itemsOf(doc.persons).map((p) => {
    const was = earlier.get(String(p.personRegistration));
    const out: Doc = { ...p, role: p.role ?? 'PARTNER', inviteStatus: p.inviteStatus ?? 'INTENDED' };
    for (const field of ['invitationDate', 'rsvpDate']) {
      if (was?.[field] !== undefined) out[field] = was[field];
      else delete out[field];
    }
    return out;
  });
  const out = { ...doc, ...(Array.isArray(doc.persons) ? { persons } : {}) };
  return { ...out, ...committeeCounts(out) };
}

/** The fields a voting's result is made of: the server's (tallyVoting). */
export const resultFields = [
  'forCount',
  'againstCount',
  'abstainCount',
  'voteCount',
  'quorumRequired',
  'quorumReached',
  'outcome',
  'closingDate',
  'decision',
] as const;

/** What decides a voting: fixed once it is open. */
const ruleFields = ['entityName', 'entityRegistration', 'voters', 'quorum', 'quorumType', 'majority', 'ballot'];

/** The record voted on exists in the tenant; both halves of the link or neither. */
async function checkSubject(tx: Tx, caller: Caller, doc: Doc): Promise<void> {
  if (!given(doc.entityName) && !given(doc.entityRegistration)) return;
  if (!given(doc.entityName)) throw new ApiError('MISSING_FIELD_IN_BODY', ['entityName']);
  if (!given(doc.entityRegistration)) throw new ApiError('MISSING_FIELD_IN_BODY', ['entityRegistration']);
  const kind = entityByName(String(doc.entityName));
  if (!kind) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(doc.entityName), 'entityName']);
  const record = await storage.findOne(tx, kind, caller.tenant, String(doc.entityRegistration));
  if (!record) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [kind.name, String(doc.entityRegistration)]);
  doc.entityName = kind.name;
  doc.entityRegistration = record.registration;
}

async function checkCommittee(tx: Tx, caller: Caller, doc: Doc): Promise<void> {
  if (!given(doc.committeeRegistration)) return;
  const found = await storage.findOne(tx, committeeKind, caller.tenant, String(doc.committeeRegistration));
  if (!found) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [committeeKind.name, doc.committeeRegistration]);
  doc.committeeRegistration = found.registration;
}

/** Every voter a user of the tenant, named once, by their username as stored. */
async function checkVoters(tx: Tx, caller: Caller, doc: Doc): Promise<void> {
  if (!Array.isArray(doc.voters)) return;
  const names = itemsOf(doc.voters).map((v) =>
    String(v.username ?? '')
      .trim()
      .toLowerCase(),
  );
  const unique = [...new Set(names)];
  const { rows } = await sql<{ registration: string }>`
    SELECT registration FROM "user" WHERE tenant = ${caller.tenant} AND registration = ANY(${unique}::text[])`.execute(
    tx,
  );
  const known = new Set(rows.map((r) => r.registration));
  const unknown = unique.find((name) => !known.has(name));
  if (unknown !== undefined) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(unknown), 'voters.username']);
  doc.voters = unique.map((username) => ({ username }));
}

function keepResults(doc: Doc, before?: Doc): Doc {
  const out = { ...doc };
  for (const field of resultFields) {
    if (before && before[field] !== undefined) out[field] = before[field];
    else delete out[field];
  }
  return out;
}

export const committeeWriteHooks: Record<string, WriteHooks> = {
  committee: {
    async beforeCreate(_tx, _caller, _entity, doc) {
      return completeCommittee(doc);
    },
    async beforeUpdate(_tx, _caller, _entity, doc, before) {
      return completeCommittee(doc, before);
    },
  },
  voting: {
    async beforeCreate(tx, caller, _entity, doc) {
      const input = keepResults(doc);
      await checkSubject(tx, caller, input);
      await checkCommittee(tx, caller, input);
      await checkVoters(tx, caller, input);
      input.majority ??= 'SIMPLE';
      input.ballot ??= 'OPEN';
      input.quorumType ??= 'COUNT';
      return input;
    },
    async beforeUpdate(tx, caller, _entity, doc, before) {
      const input = keepResults(doc, before);
      await checkSubject(tx, caller, input);
      await checkCommittee(tx, caller, input);
      await checkVoters(tx, caller, input);
      if (before.status !== 'DRAFT') {
        const changed = ruleFields.find((f) => JSON.stringify(input[f] ?? null) !== JSON.stringify(before[f] ?? null));
        if (changed) throw new ApiError('RECORD_FROZEN', [`Voting (${changed})`, before.registration, before.status]);
      }
      return input;
    },
  },
};
