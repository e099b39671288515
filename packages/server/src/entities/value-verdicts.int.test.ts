import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneNumberOf } from '@lbo/model/values/phones';
import { identifierCases, valueCases, verdictTenant, type ValueCase } from '@lbo/model/values/verdicts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The shared verdict table (model/values/verdicts.ts) posted through the real routes: persons
 * for phones, emails, IBANs and identifiers, users for usernames. The server must accept what
 * the model and the web accept, store the same form, and refuse the rest with the spec's message.
 */
let t: TestApp;
let person: string;
const persons = '/api/person/persons';
beforeAll(async () => {
  t = await createTestApp();
  expect(t.alpha.tenant).toBe(verdictTenant);
  const created = await t.call('POST', persons, t.alpha.headers, {
    type: 'C',
    name: 'Verdicts',
    roles: [{ role: 'CLIENT' }],
  });
  person = created.json().registration;
});
afterAll(async () => {
  await t?.close();
});

const casesOf = (type: ValueCase['type']) =>
  valueCases.filter((c) => c.type === type).map((c) => [`${JSON.stringify(c.input)} (${c.about})`, c] as const);

/** What the web sends for a phone typed in the phone field: the stored form once its country reads it. */
const sentPhone = (c: ValueCase) => (c.country ? (phoneNumberOf(c.input, c.country) ?? c.input) : c.input);

describe('the shared verdict table, through the routes', () => {
  it.each(casesOf('iban'))('IBAN %s', async (_, c) => {
    const res = await t.call('PATCH', `${persons}/${person}`, t.alpha.headers, {
      bankAccounts: [{ name: 'Main', bankIban: c.input }],
    });
    if (c.message === null) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().bankAccounts[0].bankIban).toBe(c.stored);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: `400|INVALID_IBAN|Invalid IBAN ${JSON.stringify(c.input)} for field bankAccounts[0].bankIban`,
        reason: c.message,
      });
    }
  });

  it.each([...casesOf('phone'), ...casesOf('email')])('phone or email %s', async (_, c) => {
    const sent = c.type === 'phone' ? sentPhone(c) : c.input;
    const res = await t.call('PATCH', `${persons}/${person}`, t.alpha.headers, { [c.type]: sent });
    if (c.message === null) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()[c.type]).toBe(c.stored);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: `400|INVALID_FIELD_VALUE|Invalid value ${JSON.stringify(sent)} for field ${c.type}`,
        reason: c.message,
      });
    }
  });

  it.each(casesOf('username'))('username %s', async (_, c) => {
    const res = await t.call('POST', '/api/core/users', t.alpha.headers, { username: c.input, lastName: 'Verdict' });
    if (c.message === null) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().username).toBe(c.stored);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(`400|INVALID_USERNAME|${c.message}`);
    }
  });

  it.each(identifierCases.map((c) => [`${c.registrationType} ${JSON.stringify(c.input)} (${c.about})`, c] as const))(
    'identifier %s',
    async (_, c) => {
      const res = await t.call('POST', persons, t.alpha.headers, {
        type: 'C',
        name: `Holder of ${c.input}`,
        roles: [{ role: 'CLIENT' }],
        registrations: [{ type: c.registrationType, number: c.input }],
      });
      if (c.message === null) {
        expect([200, 201], res.body).toContain(res.statusCode);
        expect(res.json().registrations[0]).toMatchObject({ type: c.registrationType, number: c.stored });
        expect(res.json().registration).toBe(`${c.registrationType}${c.stored}`);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          error: `400|INVALID_FIELD_VALUE|Invalid value ${JSON.stringify(c.input)} for field registrations[0].number`,
          reason: c.message,
        });
      }
    },
  );
});
