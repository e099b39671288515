/**
 * "Onboard a new partner" (spec 001 §2.5): a company the lessor wants as a partner gets a
 * self-registration email. The partner is recorded as a prospect of role PARTNER, and the mail
 * as an EMAIL communication to it, SCHEDULED for the mail service, holding the subject, the text
 * in the partner's language and the self-registration link. The link leads to the host's
 * `becomePartnerFlowUrl` (spec 000 §3 host settings), else to `/become-partner` on the host the
 * request came to, with the tenant, the prospect's registration and a random token, whose hash the
 * communication keeps for the public self-registration route (mail/become-partner.routes.ts) to
 * check once. All in one transaction, each record with its History row.
 */
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import { prospect as prospectKind } from '@lbo/model/entities/person/prospect.entity';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { documentText } from '@lbo/model/i18n/documents/document-texts';
import { referenceLists } from '@lbo/model/reference-lists';
import type { Tx } from '../db/database.ts';
import type { Caller, Operations } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { createIn } from '../entities/crud.operation.ts';

export interface Onboarding {
  email: string;
  name: string;
  /** The partner's preferred language (`en-GB` when not given), a `locale` of the list (`fr-FR`); the mail is in its language (the documents' dictionary), else in English. */
  language?: string;
}

/** The English of the onboarding mail, translated into the partner's language by the documents' dictionary. */
export const onboardingTexts = {
  subject: 'Become our partner: complete your registration',
  body: 'Hello {name},\n\nWe would be glad to work with you as a partner. Please complete your registration here:\n{link}\n\nThis link is personal.',
};

/**
 * Records the partner and its self-registration mail, in the prospect's create transaction
 * (the generic create: its checks, registration numbering and History). `flowUrl` is where the
 * link leads (an absolute URL). A prospect or person already known by that email is refused.
 */
export async function onboardPartner(
  operations: Operations,
  caller: Caller,
  given: Onboarding,
  flowUrl: string,
): Promise<{ prospect: Doc; communication: Doc; link: string }> {
  const input = { ...given, language: given.language ?? 'en-GB' };
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(24).toString('base64url');
  if (!referenceLists.locale.some((l) => l.value === input.language))
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input.language), 'language']);
  const subject = documentText(input.language, onboardingTexts.subject);
  let communication: Doc | undefined,
    link = '';
  const prospect = await operations.create(
    caller,
    prospectKind,
    {
      type: 'C',
      name,
      email,
      preferredLanguage: input.language,
      roles: [{ role: 'PARTNER' }],
    },
    {
      withAnswer: async (tx: Tx, status: number, doc: Doc) => {
        const known =
          status === 200
            ? [doc]
            : [
                ...(await storage.findWhere(
                  tx,
                  prospectKind,
                  caller.tenant,
                  sql<boolean>`lower(data->>'email') = ${email} AND registration <> ${String(doc.registration)}`,
                  1,
                )),
                ...(await storage.findWhere(
                  tx,
                  personKind,
                  caller.tenant,
                  sql<boolean>`lower(data->>'email') = ${email}`,
                  1,
                )),
              ];
        if (known.length) throw new ApiError('VALUE_ALREADY_EXISTS', [email, 'email']);
        const url = new URL(flowUrl);
        url.searchParams.set('tenant', caller.tenant);
        url.searchParams.set('prospect', String(doc.registration));
        url.searchParams.set('token', token);
        url.searchParams.set('lang', input.language);
        link = url.toString();
        communication = await createIn(tx, caller, communicationKind, {
          name: subject,
          subject,
          type: 'EMAIL',
          category: 'Partner onboarding',
          status: 'SCHEDULED',
          date: new Date().toISOString(),
          to: email,
          content: documentText(input.language, onboardingTexts.body, { name, link }),
          accessTokenHash: createHash('sha256').update(token).digest('hex'),
          persons: [{ role: 'PARTNER', personRegistration: String(doc.registration), name }],
        });
      },
    },
  );
  return { prospect, communication: communication!, link };
}
