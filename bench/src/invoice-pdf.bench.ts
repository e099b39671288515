import { renderInvoicePdf } from '@lbo/server/billing/invoice-pdf/render-invoice-pdf';
import { defaultInvoiceLayout } from '@lbo/server/billing/invoice-pdf/invoice-layout';

/**
 * Invoice PDFs (issue 16): 10,000 invoices of one to six lines rendered one after the other on one
 * thread, in French, English and Arabic in turn (target: at least 100 per second), with the
 * memory the process holds after them.
 */
const seller = {
  name: 'Crédit Bail du Nord SA',
  registrations: [
    { type: 'SIR', number: '552100554' },
    { type: 'EVA', number: 'FR96552100554' },
  ],
  addresses: [{ type: 'HEAD_OFFICE', address1: '4 rue du Port', zipcode: '59000', city: 'Lille', country: 'FR' }],
};
const buyer = {
  name: 'Transports Durand SARL',
  addresses: [{ type: 'BILLING', address1: '12 avenue Foch', zipcode: '75016', city: 'Paris', country: 'FR' }],
};
const languages = ['fr', 'en', 'ar'];

function invoiceOf(i: number) {
  const count = 1 + (i % 6);
  const lines = Array.from({ length: count }, (_l, n) => {
    const excl = 400 + ((i * 7 + n * 13) % 900) + 0.25 * (n % 4);
    const tax = Math.round(excl * 20) / 100;
    return {
      registration: `INV${i}-${n}`,
      label: `Loyer ${n + 1} CT${String(i).padStart(6, '0')}`,
      dueDate: '2025-07-15',
      amountExclTax: excl,
      taxRate: 0.2,
      tax,
      amountInclTax: Math.round((excl + tax) * 100) / 100,
    };
  });
  const cents = (f: (l: (typeof lines)[number]) => number) =>
    lines.reduce((s, l) => s + Math.round(f(l) * 100), 0) / 100;
  const invoice = {
    registration: `INV${String(i).padStart(6, '0')}`,
    invoiceNumber: `2025-ORG000001-${String(i).padStart(6, '0')}`,
    type: 'INVOICE',
    currency: 'EUR',
    issueDate: '2025-06-30',
    dueDate: '2025-07-15',
    contractRegistration: `CT${String(i).padStart(6, '0')}`,
    language: languages[i % 3],
    amountExclTax: cents((l) => l.amountExclTax),
    amountInclTax: cents((l) => l.amountInclTax),
    taxes: [{ taxCode: 'VAT20', rate: 0.2, base: cents((l) => l.amountExclTax), tax: cents((l) => l.tax) }],
    paymentMode: i % 2 ? 'SEPA_DIRECT_DEBIT' : 'TRANSFER',
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    mandateReference: 'RUM-0001',
    creditorIdentifier: 'FR12ZZZ123456',
  };
  return { invoice, lines };
}

export async function runInvoicePdfBench(
  count = Number(process.env.BENCH_PDF_COUNT ?? 10_000),
): Promise<Record<string, number>> {
  for (let i = 0; i < 30; i++) {
    const { invoice, lines } = invoiceOf(i);
    await renderInvoicePdf(invoice, lines, seller, buyer, defaultInvoiceLayout, invoice.language);
  }
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let bytes = 0,
    peakRss = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const { invoice, lines } = invoiceOf(i);
    bytes += (await renderInvoicePdf(invoice, lines, seller, buyer, defaultInvoiceLayout, invoice.language)).length;
    if (i % 500 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  global.gc?.();
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  return {
    invoicePdfs: count,
    invoicePdfSeconds: Math.round(seconds * 10) / 10,
    invoicePdfsPerSecond: Math.round(count / seconds),
    invoicePdfAverageKb: Math.round(bytes / count / 1024),
    invoicePdfPeakRssMb: mb(Math.max(peakRss, process.memoryUsage().rss)),
    invoicePdfHeapGrowthMb: mb(process.memoryUsage().heapUsed - heapBefore),
  };
}
