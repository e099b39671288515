import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lbo/model/values/dates';
import { inTenant } from '../db/database.ts';
import { lifecycleClient } from '../testing/lifecycle-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, login } from '../testing/users.ts';
import { openOutboxBatch } from './outbox-job.ts';
import { resetToken } from './password-reset.routes.ts';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.ts';

/**
 * What the product mails, end to end through the job queue to a real SMTP server (smtp-server,
 * read back with mailparser): an issued invoice with its PDF to the payer's billing contact, in
 * the payer's French; a dunning e-mail with its letter; a partner's onboarding mail whose link
 * registers the partner once; a password reset, from the request to the sign-in with the new
 * password.
 */
let t: TestApp;
let smtp: SmtpTestServer;
const c = lifecycleClient(() => t);
type Invoice = { registration: string; pr: string; dueDate: string; invoiceNumber: string; status: string };
let invoices: Invoice[] = [];

/** The mails that arrived to `address` (waiting up to 20 s for `count` of them). */
async function mailsTo(address: string, count = 1) {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(address));
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`${found.length} of ${count} mails to ${address} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function waitForStatus(registration: string, status: string) {
  let doc: { status: string } = { status: '' };
  for (let i = 0; i < 80 && doc.status !== status; i++) {
    doc = (await c.call('GET', `/api/communication/communications/${registration}`)).json();
    if (doc.status !== status) await new Promise((r) => setTimeout(r, 250));
  }
  return doc as Record<string, unknown> & { status: string };
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  process.env.SMTP_URL = smtp.url;
  t = await createTestApp();
  const person = await c.call('POST', '/api/person/persons', {
    type: 'C',
    name: 'Transports Durand SARL',
    email: 'contact@durand.example',
    preferredLanguage: 'fr-FR',
    contacts: [
      { position: 'Directeur', email: 'patron@durand.example', isDefault: true },
      { position: 'Service comptabilité', email: 'factures@durand.example' },
    ],
    addresses: [{ type: 'MAIN', addressLine: '12 rue des Lilas', zipcode: '69003', city: 'Lyon', country: 'FR' }],
  });
  expect(person.statusCode, person.body).toBe(201);
  const payer = person.json().registration;
  await c.activeContract(await c.catalogue(), 1, {
    persons: [
      { role: 'CLIENT', personRegistration: payer },
      { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
    ],
  });
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2025-04-30');
  expect(res.statusCode, res.body).toBe(200);
  invoices = (res.json() as Invoice[]).filter((i) => i.pr === 'R').sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  expect(invoices.length).toBeGreaterThan(1);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('mails the product sends', () => {
  it('an issued invoice leaves with its PDF for the payer billing contact, in French', async () => {
    const issued = await c.call('GET', `/api/billing/invoices/${invoices[0].registration}/transitions/ISSUE`);
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json() as Invoice;
    const [mail] = await mailsTo('factures@durand.example');
    expect(mail.subject).toBe(`Facture ${invoice.invoiceNumber}`);
    expect(mail.text).toContain('Bonjour Transports Durand SARL');
    expect(mail.text).toMatch(/à régler au plus tard le/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    // The very bytes stored as the invoice's INVOICE document.
    const [document] = (
      await c.call('GET', `/api/billing/invoices/${invoice.registration}/documents?type=INVOICE`)
    ).json() as { _id: string; token: string }[];
    const stored = await t.call(
      'GET',
      `/api/billing/invoices/${invoice.registration}/documents/${document._id}/content?token=${document.token}`,
    );
    expect(Buffer.compare(stored.rawPayload, mail.attachments[0].content)).toBe(0);
    const [communication] = (
      await c.call(
        'GET',
        `/api/communication/communications?invoiceRegistration=${invoice.registration}&category=INVOICE`,
      )
    ).json() as { registration: string }[];
    const sent = await waitForStatus(communication.registration, 'SENT');
    expect(sent).toMatchObject({
      template: 'invoice-issued',
      locale: 'fr-FR',
      to: 'factures@durand.example',
      attempts: 1,
    });
    expect(mail.messageId).toBe(sent.messageId);
    // Nobody else got it; the other tenant sees no trace of it.
    expect(smtp.received).toHaveLength(1);
    const beta = await t.call('GET', '/api/communication/communications?type=EMAIL', t.beta.headers);
    expect(beta.json()).toEqual([]);
  });

  it('a dunning e-mail leaves with its letter', async () => {
    for (const i of invoices.slice(1))
      expect((await c.call('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
    await mailsTo('factures@durand.example', invoices.length);
    const run = await c.call('POST', '/api/billing/dunning/run', { date: addDays(invoices[0].dueDate, 12) });
    expect(run.statusCode, run.body).toBe(200);
    let dunning: { registration: string; status: string }[] = [];
    for (let i = 0; i < 120 && !dunning.length; i++) {
      await new Promise((r) => setTimeout(r, 250));
      dunning = (
        await c.call(
          'GET',
          `/api/communication/communications?invoiceRegistration=${invoices[0].registration}&category=DUNNING`,
        )
      ).json();
    }
    expect(dunning).toHaveLength(1);
    // The sweep every server runs opens the outbox; here it is run once by hand.
    await openOutboxBatch(t.db.database.db, t.app.jobs, 'alpha');
    const sent = await waitForStatus(dunning[0].registration, 'SENT');
    const mail = smtp.received.find((m) => m.messageId === sent.messageId)!;
    expect(mail.to && JSON.stringify(mail.to)).toContain('contact@durand.example');
    expect(mail.subject).toContain(invoices[0].invoiceNumber ?? '');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a new partner is mailed a link that registers it once, through the public /become-partner route', async () => {
    const res = await c.call('POST', '/api/financing/agreements/onboard-partner', {
      email: 'hello@garage-martin.example',
      name: 'Garage Martin',
      language: 'fr-FR',
    });
    expect(res.statusCode, res.body).toBe(201);
    await openOutboxBatch(t.db.database.db, t.app.jobs, 'alpha');
    const [mail] = await mailsTo('hello@garage-martin.example');
    expect(mail.subject).toBe('Devenez notre partenaire : complétez votre inscription');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')![0]);
    expect(link.pathname).toBe('/become-partner');
    const params = Object.fromEntries(['tenant', 'prospect', 'token'].map((k) => [k, link.searchParams.get(k)!]));
    expect(params.tenant).toBe('alpha');
    const seen = await t.call('GET', `/api/mail/become-partner?${new URLSearchParams(params)}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ name: 'Garage Martin', email: 'hello@garage-martin.example' });
    const form = {
      ...params,
      name: 'Garage Martin SAS',
      phone: '+33 4 72 00 00 00',
      city: 'Lyon',
      zipcode: '69003',
      addressLine: '1 rue A',
      country: 'FR',
    };
    // Another tenant, or a wrong token, is refused.
    expect((await t.call('POST', '/api/mail/become-partner', {}, { ...form, tenant: 'beta' })).json().error).toMatch(
      /^400\|.*token/,
    );
    expect(
      (await t.call('POST', '/api/mail/become-partner', {}, { ...form, token: 'x'.repeat(32) })).json().error,
    ).toMatch(/^400\|.*token/);
    const created = await t.call('POST', '/api/mail/become-partner', {}, form);
    expect(created.statusCode, created.body).toBe(201);
    const partner = (await c.call('GET', `/api/person/persons/${created.json().registration}`)).json();
    expect(partner).toMatchObject({
      name: 'Garage Martin SAS',
      email: 'hello@garage-martin.example',
      roles: [{ role: 'PARTNER' }],
    });
    const prospect = (await c.call('GET', `/api/person/prospects/${params.prospect}`)).json();
    expect(prospect.status).toBe('CONVERTED');
    const again = await t.call('POST', '/api/mail/become-partner', {}, form);
    expect(again.json().error).toMatch(/^400\|INVALID_FIELD_VALUE\|.*token/);
    expect((await t.call('GET', `/api/mail/become-partner?${new URLSearchParams(params)}`)).statusCode).toBe(400);
  });

  it('a forgotten password is reset by a single-use, expiring link; sessions end; unknown users get the same answer', async () => {
    const jane = await createUser(t.app, t.alpha.headers, {
      username: 'jane@alpha',
      email: 'jane@alpha.example',
      locale: 'fr-FR',
      isAdmin: true,
    });
    const asked = await t.call('POST', '/api/mail/password-reset', {}, { username: 'jane@alpha' });
    expect(asked.statusCode, asked.body).toBe(202);
    const unknown = await t.call('POST', '/api/mail/password-reset', {}, { username: 'nobody@alpha' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(asked.body);
    const [mail] = await mailsTo('jane@alpha.example');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')![0]);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    const weak = await t.call('POST', '/api/mail/password-reset/confirm', {}, { token, password: 'short' });
    expect(weak.json().error).toMatch(/^400\|WEAK_PASSWORD/);
    const reset = await t.call(
      'POST',
      '/api/mail/password-reset/confirm',
      {},
      { token, password: 'New-Harbour-Lantern-9' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    // The session opened before is over; the new password opens, the old one no longer.
    expect((await t.call('GET', '/api/core/users/current', jane.headers)).statusCode).toBe(401);
    expect((await login(t.app, 'jane@alpha', 'New-Harbour-Lantern-9')).statusCode).toBe(200);
    expect((await login(t.app, 'jane@alpha', 'Blue-Harbour-Lantern-7')).statusCode).toBe(401);
    const twice = await t.call(
      'POST',
      '/api/mail/password-reset/confirm',
      {},
      { token, password: 'Other-Harbour-Lantern-3' },
    );
    expect(twice.json().error).toMatch(/^400\|INVALID_FIELD_VALUE\|.*token/);
    // A link past its expiry is refused.
    const hash = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'system' }, async (tx) => {
      const { rows } = await sql<{
        h: string;
      }>`SELECT password_hash AS h FROM user_credential WHERE tenant = 'alpha' AND username = 'jane@alpha'`.execute(tx);
      return rows[0].h;
    });
    const expired = resetToken('alpha', 'jane@alpha', hash, Date.now() - 2 * 3600_000);
    expect(
      (
        await t.call(
          'POST',
          '/api/mail/password-reset/confirm',
          {},
          { token: expired, password: 'Other-Harbour-Lantern-3' },
        )
      ).json().error,
    ).toMatch(/^400\|INVALID_FIELD_VALUE\|.*expired/);
    expect(
      (await t.call('POST', '/api/mail/password-reset/confirm', {}, { token: 'garbage', password: 'x' })).json().error,
    ).toMatch(/^400\|/);
    // Only jane's mail went out.
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      smtp.received.filter(
        (m) => m.subject === 'Réinitialisez votre mot de passe' || m.subject === 'Reset your password',
      ),
    ).toHaveLength(1);
  });
});
