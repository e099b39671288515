/**
 * The legal number of an invoice, given when it is issued (ISSUE): sequential without gaps per
 * tenant, organization and year of issue (`2025-ORG000001-000042`), shared by invoices and credit
 * notes. The counter row is taken in the transition's transaction: two issues at once queue on it,
 * and an issue that fails rolls the counter back with everything else, so no number is lost or
 * given twice. A number once given is never given again nor changed.
 */
import { nextCounter } from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';

export const invoiceNumberCounter = (organization: string, year: string) => `InvoiceNumber:${organization}:${year}`;

export async function assignInvoiceNumber({ tx, caller, doc, today }: SideEffectContext): Promise<Doc> {
  if (doc.invoiceNumber) return doc;
  const organization = String(doc.organizationRegistration || 'NONE');
  const year = String(doc.issueDate || today).slice(0, 4);
  const n = await nextCounter(tx, caller.tenant, invoiceNumberCounter(organization, year));
  return { ...doc, invoiceNumber: `${year}-${organization}-${String(n).padStart(6, '0')}` };
}
