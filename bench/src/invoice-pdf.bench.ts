import { renderInvoicePdf } from '@lbo/server/billing/invoice-pdf/render-invoice-pdf';
import { defaultInvoiceLayout } from '@lbo/server/billing/invoice-pdf/invoice-layout';
import { pdfThreadCount, renderInPool, stopPdfThreads } from '@lbo/server/billing/invoice-pdf/pdf-workers';

/**
 * Invoice PDFs (issue 16): 10,000 invoices of one to six lines, in French, English and Arabic in
 * turn, rendered by the pool of PDF threads as the issue of many invoices does (target: at least
 * 200 per second on two cores), then BENCH_PDF_SINGLE_COUNT (2,000) one after the other on the
 * main thread; with the memory the process (all its threads) holds.
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

const task = (i: number) => {
  const { invoice, lines } = invoiceOf(i);
  return {
    kind: 'invoice' as const,
    invoice,
    lines,
    seller,
    buyer,
    layout: defaultInvoiceLayout,
    language: invoice.language,
  };
};

/** How many renders each thread of the pool is given ahead, so that none waits for the next. */
const AHEAD_PER_THREAD = 4;

export async function runInvoicePdfBench(
  count = Number(process.env.BENCH_PDF_COUNT ?? 10_000),
  singleCount = Number(process.env.BENCH_PDF_SINGLE_COUNT ?? 2_000),
): Promise<Record<string, number>> {
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  // Warm-up: the threads started, their fonts parsed.
  await Promise.all(Array.from({ length: 30 * pdfThreadCount }, (_, i) => renderInPool(task(i))));
  let bytes = 0,
    peakRss = 0,
    next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const pdf = await renderInPool(task(i));
      bytes += pdf.length;
      if (i % 500 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
  };
  await Promise.all(Array.from({ length: AHEAD_PER_THREAD * pdfThreadCount }, lane));
  const seconds = (performance.now() - started) / 1000;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await stopPdfThreads();

  for (let i = 0; i < 30; i++) {
    const { invoice, lines } = invoiceOf(i);
    await renderInvoicePdf(invoice, lines, seller, buyer, defaultInvoiceLayout, invoice.language);
  }
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let singlePeakRss = 0;
  const singleStarted = performance.now();
  for (let i = 0; i < singleCount; i++) {
    const { invoice, lines } = invoiceOf(i);
    await renderInvoicePdf(invoice, lines, seller, buyer, defaultInvoiceLayout, invoice.language);
    if (i % 500 === 0) singlePeakRss = Math.max(singlePeakRss, process.memoryUsage().rss);
  }
  const singleSeconds = (performance.now() - singleStarted) / 1000;
  global.gc?.();
  return {
    invoicePdfThreads: pdfThreadCount,
    invoicePdfs: count,
    invoicePdfSeconds: Math.round(seconds * 10) / 10,
    invoicePdfsPerSecond: Math.round(count / seconds),
    invoicePdfAverageKb: Math.round(bytes / count / 1024),
    invoicePdfPeakRssMb: mb(peakRss),
    singleThreadPdfs: singleCount,
    singleThreadPdfsPerSecond: Math.round(singleCount / singleSeconds),
    singleThreadPeakRssMb: mb(Math.max(singlePeakRss, process.memoryUsage().rss)),
    singleThreadHeapGrowthMb: mb(process.memoryUsage().heapUsed - heapBefore),
  };
}
