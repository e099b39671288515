import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';

/**
 * Notes on records: written by whoever may read the record, edited, pinned and deleted by their
 * author or an administrator, kept out of reach of a user who may not read the record's kind and
 * of another tenant; their mentions checked; their earlier texts kept; pinned ones first.
 */
let t: TestApp;
let anna: SignedInUser;
let bob: SignedInUser;
/** May read persons and notes, not contracts. */
let carl: SignedInUser;
let contract: string;
let person: string;

const profilesPermissions = {
  WRITER: ['read all', 'write /api/core/notes'],
  NO_CONTRACTS: ['read /api/person/persons', 'read /api/core/notes', 'write /api/core/notes'],
};

const call: TestApp['call'] = (...args) => t.call(...args);
const errorOf = (res: LightMyRequestResponse) => String(res.json().error);

async function created(headers: Record<string, string>, route: string, body: object): Promise<string> {
  const res = await call('POST', `/api/${route}`, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().registration);
}

const writeNote = (user: { headers: Record<string, string> }, body: object) =>
  call('POST', '/api/core/notes', user.headers, body);

async function noteOn(
  user: { headers: Record<string, string> },
  entityName: string,
  registration: string,
  text: string,
) {
  const res = await writeNote(user, { entityName, entityRegistration: registration, text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { registration: string; _version: number };
}

const notesOf = async (user: { headers: Record<string, string> }, query: string) => {
  const res = await call('GET', `/api/core/notes?${query}`, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { registration: string; text: string; pinned: boolean }[];
};

beforeAll(async () => {
  t = await createTestApp();
  const saved = await call(
    'PUT',
    '/api/core/tenant-configuration/profilesPermissions',
    t.alpha.headers,
    profilesPermissions,
  );
  if (saved.statusCode !== 200) throw new Error(saved.body);
  anna = await createUser(t.app, t.alpha.headers, { username: 'anna@alpha', lastName: 'Anna', profiles: ['WRITER'] });
  bob = await createUser(t.app, t.alpha.headers, { username: 'bob@alpha', lastName: 'Bob', profiles: ['WRITER'] });
  carl = await createUser(t.app, t.alpha.headers, {
    username: 'carl@alpha',
    lastName: 'Carl',
    profiles: ['NO_CONTRACTS'],
  });
  contract = await created(t.alpha.headers, 'financing/contracts', { name: 'Noted contract' });
  person = await created(t.alpha.headers, 'person/persons', { type: 'I', firstName: 'Ada', lastName: 'Lovelace' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('notes on a record', () => {
  it('writes a note with its Markdown text, its author and date, its excerpt and its mentions', async () => {
    const note = await noteOn(
      anna,
      'Contract',
      contract,
      '## Call\n\nThe client **agrees**; @bob@alpha please send the offer.',
    );
    expect(note).toMatchObject({
      entityName: 'Contract',
      entityRegistration: contract,
      text: '## Call\n\nThe client **agrees**; @bob@alpha please send the offer.',
      name: 'Call The client agrees; @bob@alpha please send the offer.',
      pinned: false,
      mentions: [{ username: 'bob@alpha' }],
      _insertUser: 'anna@alpha',
    });
    expect(note.registration).toMatch(/^NOT\d{6}$/);
    expect(Date.parse(String(note._insertDate))).toBeGreaterThan(Date.now() - 60_000);
    const read = await call('GET', `/api/core/notes/${note.registration}`, bob.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().text).toBe(note.text);
  });

  it('lists a record’s notes pinned first, newest next', async () => {
    const other = await created(t.alpha.headers, 'financing/contracts', { name: 'Ordered' });
    const first = await noteOn(anna, 'Contract', other, 'first');
    const second = await noteOn(bob, 'Contract', other, 'second');
    const third = await noteOn(anna, 'Contract', other, 'third');
    const pinned = await call('PATCH', `/api/core/notes/${first.registration}`, anna.headers, { pinned: true });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const listed = await notesOf(bob, `entityName=Contract&entityRegistration=${other}`);
    expect(listed.map((n) => n.text)).toEqual(['first', 'third', 'second']);
    expect(listed[0].pinned).toBe(true);
    expect(listed.map((n) => n.registration)).toEqual([first.registration, third.registration, second.registration]);
  });

  it('lets only the author or an administrator edit, pin or delete a note', async () => {
    const note = await noteOn(anna, 'Contract', contract, 'Mine');
    const url = `/api/core/notes/${note.registration}`;
    for (const res of [
      await call('PATCH', url, bob.headers, { text: 'Hijacked' }),
      await call('PATCH', url, bob.headers, { pinned: true }),
      await call('DELETE', url, bob.headers),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(
        `403|FORBIDDEN|Permission author or administrator of note ${note.registration} required`,
      );
    }
    const byAdmin = await call('PATCH', url, t.alpha.headers, { pinned: true });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ pinned: true, text: 'Mine', _insertUser: 'anna@alpha' });
    const stale = await call('PATCH', url, anna.headers, { text: 'Late', _version: note._version });
    expect(stale.statusCode).toBe(409);
    const deleted = await call('DELETE', url, anna.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('GET', url, anna.headers)).statusCode).toBe(404);
    const history = await call(
      'GET',
      `/api/core/histories?entityName=Note&entityRegistration=${note.registration}&action=DELETE`,
      t.alpha.headers,
    );
    expect(history.json()).toHaveLength(1);
  });

  it('keeps every earlier text: the note says it was edited, and its versions read newest first', async () => {
    const note = await noteOn(anna, 'Contract', contract, 'Version one');
    expect(note.editedDate).toBeUndefined();
    const url = `/api/core/notes/${note.registration}`;
    const edited = await call('PATCH', url, anna.headers, { text: 'Version two', _version: note._version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Version two', editedBy: 'anna@alpha', name: 'Version two' });
    expect(typeof edited.json().editedDate).toBe('string');
    // A pin is no edit of the text.
    await call('PATCH', url, anna.headers, { pinned: true });
    await call('PATCH', url, t.alpha.headers, { text: 'Version three' });
    const versions = await call('GET', `${url}/versions`, bob.headers);
    expect(versions.statusCode, versions.body).toBe(200);
    expect(versions.json().map((v: { text: string; user: string }) => [v.text, v.user])).toEqual([
      ['Version three', 'admin@alpha'],
      ['Version two', 'anna@alpha'],
      ['Version one', 'anna@alpha'],
    ]);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [object, number, string][] = [
      [
        { entityName: 'Contract', entityRegistration: contract },
        400,
        '400|MISSING_FIELD_IN_BODY|Missing field text in body',
      ],
      [
        { entityName: 'Contract', entityRegistration: contract, text: '   ' },
        400,
        '400|INVALID_FIELD_VALUE|Invalid value "   " for field text',
      ],
      [
        { entityName: 'Contract', entityRegistration: contract, text: 'x'.repeat(20_001) },
        400,
        '400|INVALID_FIELD_VALUE|Invalid value (20001 characters, at most 20000) for field text',
      ],
      [
        { entityName: 'Spaceship', entityRegistration: 'S1', text: 'x' },
        400,
        '400|INVALID_FIELD_VALUE|Invalid value "Spaceship" for field entityName',
      ],
      [
        { entityName: 'Contract', entityRegistration: 'CT999999', text: 'x' },
        404,
        '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Contract with identifier CT999999 not found',
      ],
      [
        { entityName: 'Contract', entityRegistration: contract, text: 'x', author: 'me' },
        400,
        '400|INVALID_FIELD_IN_BODY|Invalid field author in body',
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await writeNote(anna, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(res)).toBe(error);
    }
  });
});

/** The MENTION notifications a user of alpha has, about one note. */
const mentionsOf = (username: string, note: string) =>
  inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) =>
    (
      await sql<{ data: Record<string, unknown> }>`SELECT data FROM notification
        WHERE data->>'recipient' = ${username} AND type = 'MENTION' AND data->>'key' = ${`mention:${note}`}`.execute(tx)
    ).rows.map((r) => r.data),
  );

describe('mentions', () => {
  it('notify the mentioned users on create, and on edit only those newly mentioned', async () => {
    const note = await noteOn(anna, 'Person', person, 'Ask @bob@alpha about it');
    const [told] = await mentionsOf('bob@alpha', note.registration);
    expect(told).toMatchObject({
      recipient: 'bob@alpha',
      author: 'anna@alpha',
      link: `/person/${person}`,
      about: { entity: 'Person', registration: person },
    });
    expect(await mentionsOf('carl@alpha', note.registration)).toEqual([]);
    const url = `/api/core/notes/${note.registration}`;
    const edited = await call('PATCH', url, anna.headers, { text: 'Ask @bob@alpha and @carl@alpha about it' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().mentions).toEqual([{ username: 'bob@alpha' }, { username: 'carl@alpha' }]);
    expect(await mentionsOf('carl@alpha', note.registration)).toHaveLength(1);
    expect(await mentionsOf('bob@alpha', note.registration)).toHaveLength(1);
    // Their author mentioning themselves is told nothing.
    const own = await noteOn(anna, 'Person', person, 'Reminder for @anna@alpha');
    expect(await mentionsOf('anna@alpha', own.registration)).toEqual([]);
  });

  it('refuses a mention of a user who does not exist, or who may not read the record', async () => {
    const ghost = await writeNote(anna, {
      entityName: 'Contract',
      entityRegistration: contract,
      text: 'Ask @ghost@alpha',
    });
    expect(ghost.statusCode).toBe(400);
    expect(errorOf(ghost)).toBe('400|INVALID_FIELD_VALUE|Invalid value @ghost@alpha (no such user) for field text');
    const blind = await writeNote(anna, {
      entityName: 'Contract',
      entityRegistration: contract,
      text: 'Ask @carl@alpha',
    });
    expect(blind.statusCode).toBe(400);
    expect(errorOf(blind)).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value @carl@alpha (this user may not read Contracts) for field text',
    );
    // Carl may read persons: there he may be mentioned; an address is no mention.
    const fine = await noteOn(anna, 'Person', person, 'Ask @Carl@alpha, or write to someone@example.com.');
    expect(fine.mentions).toEqual([{ username: 'carl@alpha' }]);
  });
});

describe('who reads notes', () => {
  it('hides the notes of a record from a user who may not read its kind', async () => {
    const onContract = await noteOn(anna, 'Contract', contract, 'Contract secret');
    const onPerson = await noteOn(anna, 'Person', person, 'About Ada');
    const all = await notesOf(carl, 'limit=250');
    expect(all.map((n) => n.registration)).toContain(onPerson.registration);
    expect(all.map((n) => n.registration)).not.toContain(onContract.registration);
    expect(await notesOf(carl, 'search=secret')).toEqual([]);
    const refused = [
      await call('GET', `/api/core/notes?entityName=Contract&entityRegistration=${contract}`, carl.headers),
      await call('GET', `/api/core/notes/${onContract.registration}`, carl.headers),
      await call('GET', `/api/core/notes/${onContract.registration}/versions`, carl.headers),
      await writeNote(carl, { entityName: 'Contract', entityRegistration: contract, text: 'Let me in' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toBe('403|FORBIDDEN|Permission read /api/financing/contracts required');
    }
    // What he may read, he may note.
    expect((await writeNote(carl, { entityName: 'Person', entityRegistration: person, text: 'Seen' })).statusCode).toBe(
      201,
    );
  });

  it('keeps each tenant’s notes to itself', async () => {
    const note = await noteOn(anna, 'Contract', contract, 'Alpha only');
    const url = `/api/core/notes/${note.registration}`;
    for (const res of [
      await call('GET', url, t.beta.headers),
      await call('GET', `${url}/versions`, t.beta.headers),
      await call('PATCH', url, t.beta.headers, { text: 'Beta was here' }),
      await call('DELETE', url, t.beta.headers),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res)).toBe(
        `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Note with identifier ${note.registration} not found`,
      );
    }
    expect(await notesOf(t.beta, 'limit=250')).toEqual([]);
    const onAlphaRecord = await writeNote(t.beta, { entityName: 'Contract', entityRegistration: contract, text: 'x' });
    expect(onAlphaRecord.statusCode).toBe(404);
    expect((await call('GET', url, anna.headers)).json().text).toBe('Alpha only');
  });
});
