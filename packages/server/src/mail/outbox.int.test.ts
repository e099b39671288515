import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { inTenant } from '../db/database.ts';
import { fileSystemStore } from '../db/object-store.ts';
import * as storage from '../entities/storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser } from '../testing/users.ts';
import { BACKOFF_MS, claimNext, handOver, LEASE_MS, MAX_ATTEMPTS, type OutboxContext, sendNext } from './outbox.ts';
import { type OutgoingMail, queueMail } from './queue-mail.ts';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.ts';
import { createTransport } from './transport.ts';

/**
 * The outbox against a real SMTP server (smtp-server, read back with mailparser): a mail leaves
 * once with its deterministic Message-ID; a sender killed between the stages resumes without a
 * second mail; refusals are retried with backoff until SENT, or end FAILED with the server's
 * reply; bounces; one mail per key; template overrides and previews; tenants apart. This process
 * works on no jobs (JOB_WORKER=0): the test drives the sender itself, the clock passed explicitly.
 */
process.env.JOB_WORKER = '0';
let t: TestApp;
let smtp: SmtpTestServer;
let outbox: OutboxContext;

const queue = (mail: Partial<OutgoingMail>, tenant = 'alpha') =>
  inTenant(t.db.database.db, { tenant, user: 'system' }, (tx) =>
    queueMail(
      tx,
      { tenant, username: `admin@${tenant}` },
      { to: ['jane@client.example'], template: 'notification', variables: { title: 'Hello', body: 'A body' }, ...mail },
    ),
  );
const read = async (registration: string, tenant = 'alpha') =>
  inTenant(t.db.database.db, { tenant, user: 'system' }, async (tx) =>
    storage.toDocument((await storage.findOne(tx, communicationKind, tenant, registration))!),
  );
const later = (ms: number, from = new Date()) => new Date(from.getTime() + ms);
/** Sends everything due at `now`, as the outbox job does. */
async function drain(now = new Date()) {
  const outcomes: string[] = [];
  for (
    let outcome = await sendNext(outbox, 'alpha', now);
    outcome !== 'none';
    outcome = await sendNext(outbox, 'alpha', now)
  )
    outcomes.push(outcome);
  return outcomes;
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  process.env.SMTP_URL = smtp.url;
  t = await createTestApp();
  outbox = {
    db: t.db.database.db,
    store: fileSystemStore(t.objectsDir),
    transport: createTransport(smtp.url),
    defaultFrom: 'no-reply@lessor.example',
  };
}, 180_000);
afterAll(async () => {
  outbox?.transport.close?.();
  await t?.close();
  await smtp?.close();
});

describe('the outbox', () => {
  it('sends a queued mail once, with its deterministic Message-ID, and records the server reply', async () => {
    const registration = (await queue({
      variables: { title: 'First', body: 'Line <b>one</b>', link: 'https://x.example' },
    }))!;
    expect(await read(registration)).toMatchObject({
      status: 'SCHEDULED',
      type: 'EMAIL',
      template: 'notification',
      attempts: 0,
    });
    expect(await drain()).toEqual(['sent']);
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('First');
    expect(mail.messageId).toBe(`<${registration}.alpha@lessor.example>`);
    expect(mail.text).toContain('Line <b>one</b>');
    // The HTML part escapes what the variables hold.
    expect(mail.html).toContain('Line &lt;b&gt;one&lt;/b&gt;');
    const sent = await read(registration);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, messageId: mail.messageId });
    expect(sent.smtpResponse).toMatch(/^250 /);
    expect(sent.sentDate).toBeTruthy();
    expect(await drain()).toEqual([]);
    expect(smtp.received).toHaveLength(1);
  });

  it('queues one mail per key and tenant', async () => {
    const first = await queue({ key: 'reminder:42' });
    expect(await queue({ key: 'reminder:42', variables: { title: 'Other', body: 'x' } })).toBe(first);
    const beta = await queue({ key: 'reminder:42' }, 'beta');
    expect(beta).not.toBe(undefined);
    expect(await drain()).toEqual(['sent']);
    expect(smtp.received).toHaveLength(2);
    await expect(queue({ to: ['not an address'] })).rejects.toThrow(/to/);
    await expect(queue({ template: 'no-such-template' })).rejects.toThrow(/template/);
  });

  it('a sender killed after claiming a mail sent nothing: the mail is claimed again once its lease ran out, and arrives once', async () => {
    const before = smtp.received.length;
    const registration = (await queue({ variables: { title: 'Claimed then killed', body: 'x' } }))!;
    const claim = await claimNext(outbox, 'alpha');
    expect(claim).toMatchObject({ kind: 'claimed', registration });
    // The process dies here. While the lease runs, no other sender takes the mail.
    expect(await drain()).toEqual([]);
    expect(await read(registration)).toMatchObject({ status: 'SENDING', sendingStage: 'CLAIMED', attempts: 1 });
    expect(await drain(later(LEASE_MS + 1000))).toEqual(['sent']);
    await smtp.waitFor(before + 1);
    expect(smtp.received.filter((m) => m.subject === 'Claimed then killed')).toHaveLength(1);
    expect(await read(registration)).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('a sender killed after the SMTP server accepted, before recording it: the mail is never sent again, and ends FAILED saying why', async () => {
    const before = smtp.received.length;
    const registration = (await queue({ variables: { title: 'Accepted then killed', body: 'x' } }))!;
    expect((await claimNext(outbox, 'alpha')).kind).toBe('claimed');
    expect(await handOver(outbox, 'alpha', registration)).toMatch(/^250 /);
    // The process dies here, before recording SENT.
    expect(await drain(later(LEASE_MS + 1000))).toEqual(['uncertain']);
    expect(await drain(later(2 * LEASE_MS))).toEqual([]);
    expect(smtp.received).toHaveLength(before + 1);
    const failed = await read(registration);
    expect(failed.status).toBe('FAILED');
    expect(failed.lastError).toContain(String(failed.messageId));
    expect(failed.lastError).toMatch(/not sent again/);
  });

  it('retries a refused mail after its backoff (1 min, then 5 min) and ends SENT', async () => {
    const before = smtp.received.length;
    const registration = (await queue({ variables: { title: 'Refused twice', body: 'x' } }))!;
    smtp.refuse(554, 'Transaction failed, try again later', 2);
    const t0 = new Date();
    expect(await drain(t0)).toEqual(['retry']);
    let doc = await read(registration);
    expect(doc).toMatchObject({ status: 'SCHEDULED', attempts: 1 });
    expect(doc.lastError).toMatch(/554 Transaction failed/);
    expect(doc.nextAttemptDate).toBe(later(BACKOFF_MS[0], t0).toISOString());
    expect(await drain(later(30_000, t0))).toEqual([]);
    const t1 = later(BACKOFF_MS[0] + 1, t0);
    expect(await drain(t1)).toEqual(['retry']);
    doc = await read(registration);
    expect(doc.nextAttemptDate).toBe(later(BACKOFF_MS[1], t1).toISOString());
    expect(await drain(later(BACKOFF_MS[1] - 1000, t1))).toEqual([]);
    expect(await drain(later(BACKOFF_MS[1] + 1, t1))).toEqual(['sent']);
    expect(await read(registration)).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    expect(smtp.received).toHaveLength(before + 1);
    const history = (
      await t.call('GET', `/api/core/histories?entityRegistration=${registration}&range=[0-99]`, t.alpha.headers)
    ).json() as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['CREATE', 'MAIL_RETRY', 'MAIL_SENT']));
  });

  it('a mail refused at every attempt ends FAILED after the last backoff, with the server reply', async () => {
    const registration = (await queue({ variables: { title: 'Always refused', body: 'x' } }))!;
    smtp.refuse(554, 'Service unavailable', MAX_ATTEMPTS);
    let now = new Date();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await drain(now)).toEqual(['retry']);
      now = later(BACKOFF_MS[attempt - 1] + 1, now);
    }
    expect(await drain(now)).toEqual(['failed']);
    const doc = await read(registration);
    expect(doc).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
    expect(doc.lastError).toMatch(/554 Service unavailable/);
  });

  it('a permanent refusal (unknown mailbox) ends FAILED at once with the server reply', async () => {
    const registration = (await queue({ variables: { title: 'Unknown mailbox', body: 'x' } }))!;
    smtp.refuse(550, '5.1.1 Mailbox unknown', 1);
    expect(await drain()).toEqual(['failed']);
    const doc = await read(registration);
    expect(doc).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(doc.lastError).toMatch(/550 5\.1\.1 Mailbox unknown/);
  });

  it('records a bounce for a Message-ID: the communication BOUNCED with its reason; refused to others', async () => {
    const registration = (await queue({ variables: { title: 'Will bounce', body: 'x' } }))!;
    expect(await drain()).toEqual(['sent']);
    const { messageId } = await read(registration);
    const beta = await t.call('POST', '/api/mail/bounces', t.beta.headers, { messageId, reason: '550 No such user' });
    expect(beta.json().error).toMatch(/^404\|/);
    const bounced = await t.call('POST', '/api/mail/bounces', t.alpha.headers, {
      messageId,
      reason: '550 No such user',
    });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(await read(registration)).toMatchObject({ status: 'BOUNCED', lastError: '550 No such user' });
    expect(
      (await t.call('POST', '/api/mail/bounces', t.alpha.headers, { messageId: '<nothing@x>' })).json().error,
    ).toMatch(/^404\|ENTITY_REGISTRATION_NOT_FOUND/);
    expect((await t.call('POST', '/api/mail/bounces', t.alpha.headers, { reason: 'x' })).json().error).toMatch(
      /^400\|.*messageId/,
    );
  });

  it('keeps tenants apart: outbox, templates and previews', async () => {
    const alphaList = (
      await t.call('GET', '/api/communication/communications?type=EMAIL&range=[0-99]', t.alpha.headers)
    ).json() as { registration: string }[];
    const betaList = (
      await t.call('GET', '/api/communication/communications?type=EMAIL&range=[0-99]', t.beta.headers)
    ).json() as { registration: string }[];
    expect(alphaList.length).toBeGreaterThan(3);
    expect(betaList).toHaveLength(1);
    expect(alphaList.map((c) => c.registration)).not.toContain(undefined);
    const own = alphaList[0].registration;
    expect((await t.call('GET', `/api/communication/communications/${own}`, t.beta.headers)).statusCode).toBe(404);
  });

  it('a tenant overrides a template per language; the preview renders it, with the record or sample data; another tenant keeps the built-in one', async () => {
    const saved = await t.call('PUT', '/api/core/tenant-configuration/mail', t.alpha.headers, {
      replyTo: 'billing@alpha.example',
      templates: { notification: { fr: { subject: 'Alpha : {{title}}', text: 'Chez Alpha : {{body}}' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = await t.call('POST', '/api/mail/templates/preview', t.alpha.headers, {
      template: 'notification',
      locale: 'fr-FR',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      subject: 'Alpha : Something happened',
      text: 'Chez Alpha : A record changed.',
    });
    const edited = await t.call('POST', '/api/mail/templates/preview', t.alpha.headers, {
      template: 'notification',
      locale: 'fr-FR',
      subject: 'Brouillon {{title}}',
    });
    expect(edited.json().subject).toBe('Brouillon Something happened');
    const english = await t.call('POST', '/api/mail/templates/preview', t.alpha.headers, {
      template: 'notification',
      locale: 'en-GB',
    });
    expect(english.json().subject).toBe('Something happened');
    const beta = await t.call('POST', '/api/mail/templates/preview', t.beta.headers, {
      template: 'notification',
      locale: 'fr-FR',
    });
    expect(beta.json().subject).toBe('Something happened');
    const betaTemplates = (await t.call('GET', '/api/mail/templates', t.beta.headers)).json() as {
      name: string;
      overrides: object;
    }[];
    expect(betaTemplates.find((x) => x.name === 'notification')?.overrides).toEqual({});
    for (const name of [
      'task-reminder',
      'mention',
      'notification',
      'invoice-issued',
      'password-reset',
      'partner-onboarding',
    ])
      expect(betaTemplates.map((x) => x.name)).toContain(name);

    const before = smtp.received.length;
    const registration = (await queue({ locale: 'fr-FR', variables: { title: 'Bonjour', body: 'Le corps' } }))!;
    expect(await drain()).toEqual(['sent']);
    const [mail] = (await smtp.waitFor(before + 1)).slice(-1);
    expect(mail.subject).toBe('Alpha : Bonjour');
    expect(mail.text?.trim()).toBe('Chez Alpha : Le corps');
    expect(mail.replyTo?.text).toBe('billing@alpha.example');
    expect(await read(registration)).toMatchObject({ locale: 'fr-FR', template: 'notification' });

    const broken = await t.call('PUT', '/api/core/tenant-configuration/mail', t.alpha.headers, {
      templates: { notification: { fr: { subject: '{{#if x}}', text: 'x' } } },
    });
    expect(broken.json().error).toMatch(/^400\|INVALID_FIELD_VALUE\|.*templates\.notification\.fr\.subject/);
    const unknown = await t.call('PUT', '/api/core/tenant-configuration/mail', t.alpha.headers, {
      templates: { nope: { fr: { subject: 'x', text: 'x' } } },
    });
    expect(unknown.json().error).toMatch(/^400\|.*templates\.nope/);
    expect(
      (await t.call('POST', '/api/mail/templates/preview', t.alpha.headers, { template: 'nope' })).json().error,
    ).toMatch(/^400\|.*template/);
    expect(
      (
        await t.call('POST', '/api/mail/templates/preview', t.alpha.headers, {
          template: 'invoice-issued',
          registration: 'INV999999',
        })
      ).json().error,
    ).toMatch(/^404\|/);
  });

  it('a user without the communications permission reads no template and records no bounce', async () => {
    const clerk = await createUser(t.app, t.alpha.headers, { username: 'clerk@alpha', profiles: [] });
    expect((await t.call('GET', '/api/mail/templates', clerk.headers)).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/mail/templates/preview', clerk.headers, { template: 'notification' })).statusCode,
    ).toBe(403);
    expect((await t.call('POST', '/api/mail/bounces', clerk.headers, { messageId: '<x@y>' })).statusCode).toBe(403);
    expect((await t.call('PUT', '/api/core/tenant-configuration/mail', clerk.headers, {})).statusCode).toBe(403);
  });
});
