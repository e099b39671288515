import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { uploadFile } from '../testing/multipart.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser } from '../testing/users.ts';
import { openOutboxBatch } from './outbox-job.ts';
import { queueMail } from './queue-mail.ts';

/**
 * Without SMTP_URL (the embedded default), mails are delivered to the tenant's local mailbox:
 * Mail records readable through the API, with their text, HTML and attachments; the job queue
 * delivers them within seconds of the commit; another tenant, or a user without the permission,
 * reads none.
 */
let t: TestApp;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  delete process.env.SMTP_URL;
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function mailOf(communication: string, headers = t.alpha.headers) {
  for (let i = 0; i < 60; i++) {
    const [mail] = (
      await t.call('GET', `/api/core/mails?communicationRegistration=${communication}`, headers)
    ).json() as Record<string, unknown>[];
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${communication}`);
}

describe('the local mailbox', () => {
  it('receives a queued mail within seconds of its commit, as it would have left', async () => {
    const started = Date.now();
    const registration = (await inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
      queueMail(
        tx,
        { tenant: 'alpha', username: 'admin@alpha' },
        {
          to: ['team@alpha.example', 'boss@alpha.example'],
          template: 'mention',
          locale: 'fr-FR',
          variables: {
            author: 'Jean <script>',
            about: 'le contrat CON000001',
            excerpt: 'Regarde ça',
            link: 'https://x.example',
          },
        },
      ),
    ))!;
    const mail = await mailOf(registration);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(mail).toMatchObject({
      status: 'DELIVERED',
      to: 'team@alpha.example, boss@alpha.example',
      subject: 'Jean <script> vous a mentionné',
      from: 'no-reply@localhost',
    });
    expect(mail.text).toContain('Regarde ça');
    expect(mail.html).toContain('Jean &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    const communication = (
      await t.call('GET', `/api/communication/communications/${registration}`, t.alpha.headers)
    ).json();
    expect(communication).toMatchObject({ status: 'SENT', mailRegistration: mail.registration, attempts: 1 });
  });

  it('carries the documents of a scheduled communication as downloadable attachments', async () => {
    const created = await t.call('POST', '/api/communication/communications', t.alpha.headers, {
      type: 'EMAIL',
      subject: 'Votre contrat',
      to: 'client@alpha.example',
      content: 'Veuillez trouver votre contrat ci-joint.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const registration = created.json().registration as string;
    const uploaded = await uploadFile(t, t.alpha, `/api/communication/communications/${registration}/documents`, {
      name: 'contrat.pdf',
      content: pdf,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const scheduled = await t.call(
      'GET',
      `/api/communication/communications/${registration}/transitions/SCHEDULE`,
      t.alpha.headers,
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await openOutboxBatch(t.db.database.db, t.app.jobs, 'alpha');
    const mail = await mailOf(registration);
    const attachments = mail.attachments as { documentRegistration: string; name: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0].name).toBe('contrat.pdf');
    const content = await t.call(
      'GET',
      `/api/core/documents/${attachments[0].documentRegistration}/content`,
      t.alpha.headers,
    );
    expect(content.statusCode).toBe(200);
    expect(Buffer.compare(content.rawPayload, pdf)).toBe(0);
    // The other tenant can neither list it nor download its attachment.
    expect((await t.call('GET', '/api/core/mails', t.beta.headers)).json()).toEqual([]);
    expect((await t.call('GET', `/api/core/mails/${mail.registration}`, t.beta.headers)).statusCode).toBe(404);
    expect(
      (await t.call('GET', `/api/core/documents/${attachments[0].documentRegistration}/content`, t.beta.headers))
        .statusCode,
    ).toBe(404);
  });

  it('a scheduled e-mail without an address ends FAILED with the reason', async () => {
    const created = await t.call('POST', '/api/communication/communications', t.alpha.headers, {
      type: 'EMAIL',
      subject: 'Nobody',
      content: 'x',
    });
    const registration = created.json().registration as string;
    await t.call('GET', `/api/communication/communications/${registration}/transitions/SCHEDULE`, t.alpha.headers);
    await openOutboxBatch(t.db.database.db, t.app.jobs, 'alpha');
    let doc: Record<string, unknown> = {};
    for (let i = 0; i < 60 && doc.status !== 'FAILED'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      doc = (await t.call('GET', `/api/communication/communications/${registration}`, t.alpha.headers)).json();
    }
    expect(doc).toMatchObject({ status: 'FAILED', lastError: 'No recipient address' });
  });

  it('is read only with the permission', async () => {
    const clerk = await createUser(t.app, t.alpha.headers, { username: 'clerk@alpha', profiles: [] });
    expect((await t.call('GET', '/api/core/mails', clerk.headers)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/mail/status', t.alpha.headers)).json()).toEqual({
      transport: 'mailbox',
      from: 'no-reply@localhost',
    });
  });
});
