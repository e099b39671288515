/**
 * An invoice's PDF from what is stored: its lines, its payee (seller) and payer (buyer), the
 * tenant's layout. On ISSUE (side effect `storeInvoicePdf`, after the number is given) the PDF is
 * stored as the invoice's INVOICE document in the transition's transaction; its content is removed
 * again if that transaction does not commit.
 */
import { invoiceLine as lineKind } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { person as personKind } from '@lbo/model/entities/person/person.entity';
import { personWith } from '@lbo/model/values/parties';
import type { Tx } from '../../db/database.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc } from '../../entities/storage.ts';
import { discardContent, recordDocument, storeContent } from '../../documents/documents.module.ts';
import type { SideEffectContext } from '../../workflow/side-effects.ts';
import { transitionResources } from '../../workflow/transition-resources.ts';
import { tenantInvoiceLayout } from './invoice-layout.ts';
import type { PdfTask } from './pdf-tasks.ts';
import { renderInPool } from './pdf-workers.ts';

/** What the PDF of `invoice` (as it is or is about to be stored) in `tenant` is rendered from. */
async function invoicePdfTask(tx: Tx, tenant: string, invoice: Doc): Promise<PdfTask> {
  const lines = (
    await storage.findByField(tx, lineKind, tenant, 'invoiceRegistration', String(invoice.registration), 10_000)
  )
    .map(storage.toDocument)
    .sort((a, b) => a.registration.localeCompare(b.registration));
  const [seller, buyer] = [personWith(invoice, 'PAYEE'), personWith(invoice, 'PAYER')];
  const persons = new Map(
    (
      await storage.findMany(
        tx,
        personKind,
        tenant,
        [seller, buyer].filter((r): r is string => !!r),
      )
    ).map((r) => [r.registration, storage.toDocument(r)]),
  );
  return {
    kind: 'invoice',
    invoice,
    lines,
    seller: seller ? persons.get(seller) : undefined,
    buyer: buyer ? persons.get(buyer) : undefined,
    layout: await tenantInvoiceLayout(tx, tenant),
    language: String(invoice.language ?? 'en'),
  };
}

/** The PDF of `invoice` in `tenant`, rendered in this thread (one PDF for one request). */
export async function invoicePdf(tx: Tx, tenant: string, invoice: Doc): Promise<Buffer> {
  const task = await invoicePdfTask(tx, tenant, invoice);
  // The renderers (pdfkit, fonts) are loaded by the first PDF drawn in this thread, most are drawn in the pool's.
  const { renderTask } = await import('./pdf-tasks.ts');
  return renderTask(task);
}

/** The file name of an invoice's PDF: `Invoice 2025-ORG000001-000042.pdf`, `Credit note …`. */
export const invoicePdfName = (invoice: Doc) =>
  `${invoice.type === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice'} ${String(invoice.invoiceNumber ?? invoice.registration)}.pdf`;

/**
 * The `storeInvoicePdf` side effect. Without an object store (a transition run outside the
 * workflow routes, such as the demo book's), no document is written.
 */
export async function storeInvoicePdf({ tx, caller, doc }: SideEffectContext): Promise<Doc> {
  const resources = transitionResources();
  if (!resources) return doc;
  // Invoices are issued many at a time (a billing run, a selection): their PDFs are rendered by the pool of PDF threads.
  const pdf = await renderInPool(await invoicePdfTask(tx, caller.tenant, doc));
  const content = await storeContent(resources.store, caller.tenant, invoicePdfName(doc), pdf, 'application/pdf');
  resources.onRollback(() => discardContent(resources.store, content));
  await recordDocument(tx, caller, { entity: invoiceKind, registration: String(doc.registration) }, content, {
    type: 'INVOICE',
  });
  return doc;
}

export const invoicePdfSideEffects = { storeInvoicePdf };
