import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultInvoiceLayout, type InvoiceLayout } from './invoice-layout.ts';
import type { PdfTask } from './pdf-tasks.ts';
import { pdfThreadCount, renderInPool, stopPdfThreads } from './pdf-workers.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

/**
 * The pool of PDF threads: many renders at once come back each to its caller and the same as in
 * this thread; a render's error reaches its caller and the pool keeps rendering; a stopped pool
 * starts again.
 */
const pdfText = (pdf: Buffer) => {
  const out = spawnSync('pdftotext', ['-', '-'], { input: pdf });
  expect(out.status, String(out.stderr)).toBe(0);
  return out.stdout.toString('utf8').replace(/\s+/g, ' ');
};
/** The PDF without what differs from one render to the next: its creation date and the identifier made from it. */
const content = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');

const languages = ['fr', 'en', 'ar', 'de'];
const invoiceTask = (
  i: number,
  layout: InvoiceLayout = defaultInvoiceLayout,
): Extract<PdfTask, { kind: 'invoice' }> => ({
  kind: 'invoice',
  invoice: {
    registration: `INV${i}`,
    invoiceNumber: `2026-ORG000001-${String(i).padStart(6, '0')}`,
    type: 'INVOICE',
    currency: 'EUR',
    amountExclTax: 100 + i,
    amountInclTax: 120 + i,
    taxes: [{ taxCode: 'VAT20', rate: 0.2, base: 100 + i, tax: 20 }],
    dueDate: '2026-07-15',
    issueDate: '2026-06-30',
    paymentMode: 'TRANSFER',
    iban: 'FR7630006000011234567890189',
  },
  lines: Array.from({ length: 1 + (i % 5) }, (_, n) => ({
    registration: `INV${i}-${n}`,
    label: `Rent ${n + 1} of contract CT${String(i).padStart(6, '0')}`,
    dueDate: '2026-07-15',
    amountExclTax: 20,
    taxRate: 0.2,
    tax: 4,
    amountInclTax: 24,
  })),
  seller: { name: 'Lessor SA' },
  buyer: { name: `Client ${i}` },
  layout,
  language: languages[i % languages.length],
});

afterAll(stopPdfThreads);

describe('the pool of PDF threads', () => {
  it('answers many renders at once, each its own PDF, as rendered in this thread', async () => {
    const tasks = Array.from({ length: 40 }, (_, i) => invoiceTask(i));
    const pdfs = await Promise.all(tasks.map(renderInPool));
    expect(pdfThreadCount).toBeGreaterThanOrEqual(1);
    for (const [i, pdf] of pdfs.entries()) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfText(pdf)).toContain(`2026-ORG000001-${String(i).padStart(6, '0')}`);
    }
    for (const i of [0, 7, 22, 39]) {
      const t = tasks[i];
      const here = await renderInvoicePdf(t.invoice, t.lines, t.seller, t.buyer, t.layout, t.language);
      expect(content(pdfs[i])).toBe(content(here));
    }
    // The threads start here (each loads the renderers and parses the fonts): a busy machine needs time.
  }, 180_000);

  it('renders dunning letters', async () => {
    const pdf = await renderInPool({
      kind: 'letter',
      letter: {
        language: 'es',
        sender: 'Arrendador SA',
        recipient: 'Cliente',
        address: ['Calle Mayor 1', '28013 Madrid'],
        date: '2026-03-31',
        subject: 'Recordatorio',
        body: 'Su factura sigue pendiente.',
        currency: 'EUR',
        figures: { invoiceNumber: 'F-1', dueDate: '2026-01-31', days: 59, overdue: 120, interest: 1.5, indemnity: 40 },
      },
    });
    expect(pdfText(pdf)).toContain('Recordatorio');
  });

  it('gives a render’s error to its caller and keeps rendering the others', async () => {
    const broken = { accentColor: '#000000', texts: {} } as unknown as InvoiceLayout;
    const outcomes = await Promise.allSettled([
      renderInPool(invoiceTask(1)),
      renderInPool(invoiceTask(2, broken)),
      renderInPool(invoiceTask(3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const failure = (outcomes[1] as PromiseRejectedResult).reason;
    expect(failure).toBeInstanceOf(Error);
    expect(failure.name).toBe('TypeError');
    expect(pdfText(await renderInPool(invoiceTask(4)))).toContain('2026-ORG000001-000004');
  });

  it('fails the tasks of a stopped pool and starts again at the next task', async () => {
    const stopped = expect(renderInPool(invoiceTask(5))).rejects.toThrow(/stopped/);
    await stopPdfThreads();
    await stopped;
    expect(pdfText(await renderInPool(invoiceTask(6)))).toContain('2026-ORG000001-000006');
  });
});
