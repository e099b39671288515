/**
 * `queueMail`: a mail written as an EMAIL Communication in SCHEDULED, in the caller's
 * transaction, rendered from its template in the recipient's language. The outbox job sends it
 * once the transaction committed (outbox-kick.ts wakes it).
 */
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import { ApiError } from '@lbo/model/errors';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { createIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import { documentEntity } from '../documents/documents.module.ts';
import { addressList, mailSettingsOf, templateOf } from './mail-settings.ts';
import { kickOutbox } from './outbox-kick.ts';
import { builtInTemplates, renderTemplate, templateLanguage } from './templates.ts';

export interface OutgoingMail {
  /** Addresses. */
  to: string[];
  /** A template name: 'mention', 'task-reminder', 'notification', 'invoice-issued', … */
  template: string;
  /** `fr-FR`…; else the language of the person the mail is about, else the tenant's `mail.defaultLocale`, else English. */
  locale?: string;
  variables: Record<string, unknown>;
  /** Document registrations. */
  attachments?: string[];
  about?: {
    contractRegistration?: string;
    invoiceRegistration?: string;
    personRegistration?: string;
    /** The person's role in what the mail is about (personRole: PARTNER for a committee's member); PAYER for an invoice's, else CLIENT. */
    personRole?: string;
  };
  /** One mail per key and tenant: a second queueMail with the same key does nothing. */
  key?: string;
  /** The Communication's category (`INVOICE`, `PASSWORD_RESET`…); the template's name when not given. */
  category?: string;
}

/** The locale of a mail about `personRegistration`: the person's preferred language, if any. */
async function personLocale(tx: Tx, tenant: string, registration: string | undefined) {
  if (!registration) return undefined;
  const row = await storage.findOne(tx, personKind, tenant, registration);
  const language = row?.data.preferredLanguage;
  return typeof language === 'string' && language ? { row, language } : { row, language: undefined };
}

/**
 * Writes `mail` as a Communication of the caller's tenant and answers its registration; a mail
 * whose `key` was already queued in the tenant answers that one's registration and writes nothing.
 */
export async function queueMail(tx: Tx, caller: Caller, mail: OutgoingMail): Promise<string | undefined> {
  const to = addressList(mail.to);
  if (!to) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(mail.to).slice(0, 200), 'to']);
  if (!Object.hasOwn(builtInTemplates, mail.template))
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(mail.template), 'template']);
  if (mail.key) {
    // Two transactions queuing the same key: the second waits for the first, then sees its mail.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`mail:${caller.tenant}:${mail.key}`}))`.execute(tx);
    const [existing] = await storage.findWhere(
      tx,
      communicationKind,
      caller.tenant,
      sql<boolean>`data->>'key' = ${mail.key}`,
      1,
    );
    if (existing) return existing.registration;
  }
  const settings = await mailSettingsOf(tx, caller.tenant);
  const person = await personLocale(tx, caller.tenant, mail.about?.personRegistration);
  const locale = mail.locale || person?.language || settings.defaultLocale || 'en-GB';
  const language = templateLanguage(locale);
  const template = templateOf(settings, mail.template, language);
  if (!template) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(mail.template), 'template']);
  const rendered = renderTemplate(template, mail.variables);
  const documents = mail.attachments?.length
    ? await storage.findMany(tx, documentEntity, caller.tenant, mail.attachments)
    : [];
  const missing = (mail.attachments ?? []).find((r) => !documents.some((d) => d.registration === r));
  if (missing) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Document', missing]);
  const personName = person?.row ? String(person.row.name ?? person.row.registration) : undefined;
  const doc = await createIn(
    tx,
    caller,
    communicationKind,
    {
      status: 'SCHEDULED',
      type: 'EMAIL',
      name: rendered.subject.slice(0, 200),
      subject: rendered.subject.slice(0, 500),
      category: mail.category ?? mail.template,
      date: new Date().toISOString(),
      to: to.join(', '),
      content: rendered.text,
      html: rendered.html,
      template: mail.template,
      locale,
      variables: mail.variables,
      attachments: documents.map((d) => ({ documentRegistration: d.registration, name: String(d.data.name ?? '') })),
      attempts: 0,
      ...(settings.from ? { from: settings.from } : {}),
      ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
      ...(mail.key ? { key: mail.key } : {}),
      ...(mail.about?.contractRegistration ? { contractRegistration: mail.about.contractRegistration } : {}),
      ...(mail.about?.invoiceRegistration ? { invoiceRegistration: mail.about.invoiceRegistration } : {}),
      persons: person?.row
        ? [
            {
              role: mail.about?.personRole ?? (mail.about?.invoiceRegistration ? 'PAYER' : 'CLIENT'),
              personRegistration: person.row.registration,
              ...(personName ? { name: personName } : {}),
            },
          ]
        : [],
    },
    { history: { cause: 'MAIL' } },
  );
  kickOutbox(caller.tenant);
  return doc.registration;
}
