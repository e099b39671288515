/**
 * The `mailIssuedInvoice` side effect of an invoice's ISSUE (listed after `storeInvoicePdf`): the
 * invoice mailed with its PDF to the payer's billing contact, queued in the transition's
 * transaction. A receivable only; the address is the payer's contact whose position says billing
 * (accounting, invoices), else its default contact's, else the payer's own e-mail. A payer without
 * any e-mail gets no mail and no Communication: nothing is wrong with the invoice (docs/mail.md).
 * An invoice issued without an object store (no PDF stored) is not mailed.
 */
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import { personWith } from '@lbo/model/values/parties';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { documentEntity } from '../documents/documents.module.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { transitionResources } from '../workflow/transition-resources.ts';
import { addressList } from './mail-settings.ts';
import { queueMail } from './queue-mail.ts';

const billingPosition = /bill|invoice|account|factur|compta|financ/i;

/** The address an invoice for `payer` goes to, if any. */
export function billingAddressOf(payer: Doc): string | undefined {
  const contacts = ((payer.contacts as Doc[] | undefined) ?? []).filter(
    (c) => typeof c.email === 'string' && addressList(c.email),
  );
  const contact =
    contacts.find((c) => billingPosition.test(String(c.position ?? ''))) ?? contacts.find((c) => c.isDefault === true);
  const email = contact?.email ?? payer.email;
  return typeof email === 'string' && addressList(email) ? email.trim() : undefined;
}

const personName = (p: Doc | undefined) =>
  p
    ? String(p.name ?? ([p.firstName, p.lastName].filter(Boolean).join(' ') || p.commercialName || p.registration))
    : '';

function money(amount: unknown, currency: unknown, locale: string) {
  if (typeof amount !== 'number') return '';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: String(currency || 'EUR') }).format(amount);
  } catch {
    return `${amount} ${String(currency ?? '')}`.trim();
  }
}

/** The variables of the `invoice-issued` template for `invoice` (also the template editor's preview of a real invoice). */
export async function invoiceMailVariables(tx: Tx, tenant: string, invoice: Doc, locale: string) {
  const [payerReg, payeeReg] = [personWith(invoice, 'PAYER'), personWith(invoice, 'PAYEE')];
  const persons = new Map(
    (
      await storage.findMany(
        tx,
        personKind,
        tenant,
        [payerReg, payeeReg].filter((r): r is string => !!r),
      )
    ).map((r) => [r.registration, storage.toDocument(r)]),
  );
  const payer = payerReg ? persons.get(payerReg) : undefined;
  const payee = payeeReg ? persons.get(payeeReg) : undefined;
  return {
    payer,
    variables: {
      payerName: personName(payer),
      invoiceNumber: String(invoice.invoiceNumber ?? invoice.registration),
      amount: money(invoice.amountInclTax, invoice.currency, locale),
      dueDate: invoice.dueDate
        ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
            new Date(`${String(invoice.dueDate)}T00:00:00Z`),
          )
        : '',
      sender: personName(payee),
      type: String(invoice.type ?? ''),
    },
  };
}

export async function mailIssuedInvoice({ tx, caller, doc }: SideEffectContext): Promise<Doc> {
  // Without an object store no PDF was stored (storeInvoicePdf): a transition run outside the
  // workflow routes, such as the demo book's history, mails nothing either.
  if (doc.pr === 'P' || !transitionResources()) return doc;
  const registration = String(doc.registration);
  const payerReg = personWith(doc, 'PAYER');
  if (!payerReg) return doc;
  const payerRow = await storage.findOne(tx, personKind, caller.tenant, payerReg);
  const to = payerRow ? billingAddressOf(storage.toDocument(payerRow)) : undefined;
  if (!to) return doc;
  const locale = String(payerRow?.data.preferredLanguage || doc.language || '') || undefined;
  const pdfs = await storage.findWhere(
    tx,
    documentEntity,
    caller.tenant,
    sql<boolean>`data->>'entityName' = 'Invoice' AND data->>'entityRegistration' = ${registration} AND data->>'type' = 'INVOICE'`,
    5,
  );
  const { variables } = await invoiceMailVariables(tx, caller.tenant, doc, locale ?? 'en-GB');
  await queueMail(tx, caller, {
    to: [to],
    template: 'invoice-issued',
    ...(locale ? { locale } : {}),
    variables,
    attachments: pdfs.map((d) => d.registration),
    about: {
      invoiceRegistration: registration,
      personRegistration: payerReg,
      ...(typeof doc.contractRegistration === 'string' ? { contractRegistration: doc.contractRegistration } : {}),
    },
    key: `invoice-issued:${registration}`,
    category: 'INVOICE',
  });
  return doc;
}
