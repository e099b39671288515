/**
 * The legal number of an invoice, given when it is issued (ISSUE): sequential without gaps per
 * tenant, organization and year of issue (`2025-ORG000001-000042`), shared by invoices and credit
 * notes. The counter row is taken in the transition's transaction: two issues at once queue on it,
 * and an issue that fails rolls the counter back with everything else, so no number is lost or
 * given twice. A number once given is never given again nor changed.
 */
import { ApiError } from '@lbo/model/errors';
import { personWith } from '@lbo/model/values/parties';
import { nextCounter } from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';

export const invoiceNumberCounter = (organization: string, year: string) => `InvoiceNumber:${organization}:${year}`;

export async function assignInvoiceNumber({
  tx,
  caller,
  doc,
  today,
  entity,
  transition,
}: SideEffectContext): Promise<Doc> {
  if (doc.invoiceNumber) return doc;
  // The sequence is the seller's: named, else the invoice's own side (the payee of a receivable, the payer of a
  // payable); an invoice naming none is not issued (never a number of no one's sequence).
  const seller =
    (typeof doc.organizationRegistration === 'string' && doc.organizationRegistration.trim()) ||
    personWith(doc, doc.pr === 'P' ? 'PAYER' : 'PAYEE');
  if (!seller) {
    const reason = 'it names no seller organization (organizationRegistration), whose sequence would number it';
    throw new ApiError('TRANSITION_REJECTED', [transition.code, entity.name, String(doc.registration), reason], {
      rejectionReason: reason,
      rejection: 'INCONSISTENT',
      transition: transition.code,
      missing: ['organizationRegistration'],
    });
  }
  const organization = seller;
  const year = String(doc.issueDate || today).slice(0, 4);
  const n = await nextCounter(tx, caller.tenant, invoiceNumberCounter(organization, year));
  return {
    ...doc,
    organizationRegistration: organization,
    invoiceNumber: `${year}-${organization}-${String(n).padStart(6, '0')}`,
  };
}
