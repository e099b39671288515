import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { committee as committeeKind } from '@lbo/model/entities/support/committee.entity';
import type { Tx } from '../db/database.ts';
import { mustFindRow, updateIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { queueMail } from '../mail/mail.module.ts';
import { withCounts } from './committee-hooks.ts';

/**
 * Invitations and answers (docs/committees.md): inviting sends the committee's INTENDED persons
 * (or the ones named) their invitation, by mail when the person has an address, and marks them
 * INVITED; a person answers ACCEPTED or REFUSED, in the app, for themselves (the signed-in user's
 * person) or, by whoever may write committees, for a named person. Both are updates of the
 * committee, with its History row and its counts kept.
 */
const personKind = entityByName('Person')!;
const userKind = entityByName('User')!;

const itemsOf = (value: unknown): Doc[] =>
  Array.isArray(value) ? value.filter((v): v is Doc => typeof v === 'object' && v !== null) : [];

export type InviteResult = {
  committee: Doc;
  invited: string[];
  mailed: number;
};

export async function invite(
  tx: Tx,
  caller: Caller,
  id: string,
  personRegistrations: string[] | undefined,
  now = new Date(),
): Promise<InviteResult> {
  const row = await mustFindRow(tx, caller, committeeKind, id, true);
  const doc = storage.toDocument(row) as Doc;
  const persons = itemsOf(doc.persons);
  for (const wanted of personRegistrations ?? []) {
    if (!persons.some((p) => p.personRegistration === wanted))
      throw new ApiError('COMMITTEE_PERSON_NOT_INVITED', [wanted, row.registration]);
  }
  const chosen = (p: Doc) =>
    personRegistrations ? personRegistrations.includes(String(p.personRegistration)) : p.inviteStatus === 'INTENDED';
  const invited: string[] = [];
  let mailed = 0;
  const next: Doc[] = [];
  for (const p of persons) {
    if (!chosen(p)) {
      next.push(p);
      continue;
    }
    invited.push(String(p.personRegistration));
    next.push({ ...p, inviteStatus: 'INVITED', invitationDate: now.toISOString() });
    const person = await storage.findOne(tx, personKind, caller.tenant, String(p.personRegistration));
    const email = person?.data.email;
    if (typeof email === 'string' && email.includes('@')) {
      await queueMail(tx, caller, {
        to: [email],
        template: 'notification',
        variables: {
          title: `Invitation: ${doc.name ?? row.registration}`,
          body: [
            `You are invited to the committee ${doc.name ?? ''} (${row.registration}).`,
            doc.subject ? `Subject: ${doc.subject}.` : '',
            doc.startDate ? `It starts at ${doc.startDate}.` : '',
            'Please answer in the application (Accept or Refuse).',
          ]
            .filter(Boolean)
            .join(' '),
          link: `/committee/${row.registration}`,
        },
        about: { personRegistration: String(p.personRegistration), personRole: 'PARTNER' },
        key: `committee-invitation:${row.registration}:${p.personRegistration}:${now.toISOString()}`,
        category: 'COMMITTEE_INVITATION',
      });
      mailed++;
    }
  }
  const committee = invited.length
    ? await updateIn(tx, caller, committeeKind, row, withCounts({ ...row.data, persons: next }), {
        as: 'system',
        history: { details: `Invited ${invited.join(', ')}` },
      })
    : doc;
  return { committee, invited, mailed };
}

/** The person the signed-in user is, as the user record links it. */
export async function personOfUser(tx: Tx, caller: Caller): Promise<string | undefined> {
  const user = await storage.findOne(tx, userKind, caller.tenant, caller.username);
  const person = user?.data.personRegistration;
  return typeof person === 'string' && person ? person : undefined;
}

/** Records `person`'s answer to committee `id` (an answer implies the invitation reached them). */
export async function answer(
  tx: Tx,
  caller: Caller,
  id: string,
  person: string,
  rsvp: 'ACCEPTED' | 'REFUSED',
  now = new Date(),
): Promise<Doc> {
  const row = await mustFindRow(tx, caller, committeeKind, id, true);
  const persons = itemsOf(row.data.persons);
  if (!persons.some((p) => p.personRegistration === person))
    throw new ApiError('COMMITTEE_PERSON_NOT_INVITED', [person, row.registration]);
  const next = persons.map((p) =>
    p.personRegistration === person
      ? {
          ...p,
          rsvp,
          rsvpDate: now.toISOString(),
          inviteStatus: !p.inviteStatus || p.inviteStatus === 'INTENDED' ? 'INVITED' : p.inviteStatus,
        }
      : p,
  );
  return updateIn(tx, caller, committeeKind, row, withCounts({ ...row.data, persons: next }), {
    as: 'system',
    history: { details: `${person} answered ${rsvp}` },
  });
}
