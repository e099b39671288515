/**
 * The demo's mails (docs/mail.md): by the time this step runs, the demo book's issued invoices and
 * dunning letters wait in the outbox; a partner is invited to register. Everything due is then
 * delivered to the demo tenant's local mailbox, so that `/mailbox` and `/communications` show what
 * the product sends. Deterministic, and nothing is sent again on a restart (only due mails are).
 */
import crypto from 'node:crypto';
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import { prospect as prospectKind } from '@lbo/model/entities/person/prospect.entity';
import { sql } from 'kysely';
import { readConfig } from '../config.ts';
import { inTenant } from '../db/database.ts';
import { createIn, updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Tx } from '../db/database.ts';
import { documentEntity } from '../documents/documents.module.ts';
import type { DemoStep } from '../modules/server-module.ts';
import { sendNext } from './outbox.ts';
import { queueMail } from './queue-mail.ts';

const PARTNER_EMAIL = 'contact@demo-partner.example';

/**
 * The demo's dunning letters are posted (LETTER); its first one is also mailed to the payer with
 * its PDF, as a dunning e-mail level does.
 */
async function mailFirstDunningLetter(tx: Tx, tenant: string) {
  const [letter] = await storage.findWhere(
    tx,
    communicationKind,
    tenant,
    sql<boolean>`data->>'category' = 'DUNNING' AND data->>'type' = 'LETTER'`,
    1,
  );
  const payerRegistration = (letter?.data.persons as { personRegistration?: string }[] | undefined)?.[0]
    ?.personRegistration;
  if (!letter || !payerRegistration) return;
  const payer = await storage.findOne(tx, personKind, tenant, payerRegistration);
  const email = typeof payer?.data.email === 'string' && payer.data.email ? payer.data.email : undefined;
  if (!email) return;
  const pdfs = await storage.findWhere(
    tx,
    documentEntity,
    tenant,
    sql<boolean>`data->>'entityName' = 'Communication' AND data->>'entityRegistration' = ${letter.registration}`,
    1,
  );
  await queueMail(
    tx,
    { tenant, username: 'system' },
    {
      to: [email],
      template: 'dunning-letter',
      variables: { subject: letter.data.subject ?? letter.name, content: letter.data.content ?? '' },
      attachments: pdfs.map((d) => d.registration),
      about: {
        personRegistration: payerRegistration,
        ...(typeof letter.data.invoiceRegistration === 'string'
          ? { invoiceRegistration: letter.data.invoiceRegistration }
          : {}),
      },
      key: 'demo:dunning-letter',
      category: 'DUNNING',
    },
  );
}

export const mailDemo: DemoStep = {
  name: 'mails delivered to the local mailbox',
  async run({ db, store, tenant }) {
    if (!store) return;
    const caller = { tenant, username: 'system' };
    await inTenant(db, { tenant, user: 'system' }, (tx) => mailFirstDunningLetter(tx, tenant));
    await inTenant(db, { tenant, user: 'system' }, async (tx) => {
      const known = await storage.findWhere(
        tx,
        prospectKind,
        tenant,
        sql<boolean>`data->>'email' = ${PARTNER_EMAIL}`,
        1,
      );
      if (known.length) return;
      const prospect = await createIn(tx, caller, prospectKind, {
        type: 'C',
        name: 'Demo Partner Leasing',
        email: PARTNER_EMAIL,
        preferredLanguage: 'fr-FR',
        roles: [{ role: 'PARTNER' }],
      } as never);
      // A fixed token: the demo's link works for whoever opens it (once).
      const token = 'demo-partner-self-registration';
      const registration = await queueMail(tx, caller, {
        to: [PARTNER_EMAIL],
        template: 'partner-onboarding',
        locale: 'fr-FR',
        variables: {
          name: 'Demo Partner Leasing',
          link: `${readConfig().publicUrl}/become-partner?tenant=${tenant}&prospect=${prospect.registration}&token=${token}&lang=fr-FR`,
        },
        about: { personRegistration: String(prospect.registration) },
        key: 'demo:partner-onboarding',
        category: 'Partner onboarding',
      });
      const row = (await storage.findOne(tx, communicationKind, tenant, registration!, true))!;
      await updateIn(
        tx,
        caller,
        communicationKind,
        row,
        {
          ...row.data,
          persons: [
            { role: 'PARTNER', personRegistration: String(prospect.registration), name: 'Demo Partner Leasing' },
          ],
          accessTokenHash: crypto.createHash('sha256').update(token).digest('hex'),
        } as never,
        { historyAs: 'none' },
      );
    });
    const outbox = { db, store, transport: { kind: 'mailbox' as const }, defaultFrom: 'no-reply@localhost' };
    // Everything the demo book queued, delivered at once; a mail without an address ends FAILED with its reason.
    for (let i = 0; i < 5000; i++) if ((await sendNext(outbox, tenant)) === 'none') break;
  },
};
