import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderDunningLetter } from '../dunning/dunning-letter.ts';
import { levelTextsIn } from '../dunning/dunning-settings.ts';
import { defaultDunning, fillText } from '../dunning/dunning-settings.ts';
import { defaultInvoiceLayout } from './invoice-layout.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

/**
 * Invoice PDFs and dunning letters in the payer's language, read back with poppler's pdftotext:
 * Lithuanian, German and Arabic invoices (Arabic right to left, words in logical order, the IBAN
 * left to right inside), a Spanish letter with the amount overdue in words.
 */
const pdfText = (pdf: Buffer, ...options: string[]) => {
  const out = spawnSync('pdftotext', [...options, '-', '-'], { input: pdf });
  expect(out.status, String(out.stderr)).toBe(0);
  // pdftotext marks right-to-left runs with embedding controls; spaces of any kind are one space here.
  return out.stdout
    .toString('utf8')
    .replace(/[\u202A-\u202E]/g, '')
    .replace(/\s+/g, ' ');
};

const invoice = {
  registration: 'INV000901',
  invoiceNumber: '2026-ORG000001-000077',
  type: 'INVOICE',
  currency: 'EUR',
  amountExclTax: 1028.8,
  amountInclTax: 1234.56,
  taxes: [{ taxCode: 'VAT20', rate: 0.2, base: 1028.8, tax: 205.76 }],
  dueDate: '2026-07-15',
  issueDate: '2026-06-30',
  paymentMode: 'TRANSFER',
  iban: 'LT121000011101001000',
  bic: 'HABALT22',
};
const lines = [
  {
    registration: 'INV000901-001',
    label: 'Rent',
    dueDate: '2026-07-15',
    amountExclTax: 1028.8,
    taxRate: 0.2,
    tax: 205.76,
    amountInclTax: 1234.56,
  },
];
const render = (language: string) =>
  renderInvoicePdf(
    invoice,
    lines,
    { name: 'Lizingas UAB' },
    { name: 'Jonas Jonaitis' },
    defaultInvoiceLayout,
    language,
  );

describe('invoice PDFs in the payer’s language', () => {
  it('in Lithuanian: its labels, its dates and its amount in Lithuanian words', async () => {
    const text = pdfText(await render('lt-LT'));
    for (const label of ['Sąskaita faktūra', 'Išrašymo data', 'Apmokėjimo terminas', 'Iš viso su PVM', 'Suma žodžiais'])
      expect(text).toContain(label);
    expect(text).toContain('2026-07-15');
    expect(text).toContain('1 234,56 EUR');
    expect(text).toContain('vienas tūkstantis du šimtai trisdešimt keturi eurai penkiasdešimt šeši centai');
    expect(text).toContain('Prašome sumokėti banko pavedimu iki 2026-07-15 į sąskaitą:');
  });

  it('in German: Rechnung, Fälligkeitsdatum and the amount in German words', async () => {
    const text = pdfText(await render('de-DE'));
    for (const label of ['Rechnung', 'Fälligkeitsdatum', 'Summe brutto', 'Betrag in Worten', 'Zahlungsreferenz'])
      expect(text).toContain(label);
    expect(text).toContain('1.234,56 EUR');
    expect(text).toContain('15.07.2026');
    expect(text).toContain('eintausendzweihundertvierunddreißig Euro und sechsundfünfzig Cent');
  });

  it('in Arabic: right to left, the words in logical order, the IBAN and amounts left to right', async () => {
    const pdf = await render('ar-MA');
    const text = pdfText(pdf);
    for (const words of [
      'فاتورة',
      'تاريخ الاستحقاق',
      'المجموع شامل الضريبة',
      'المبلغ بالحروف',
      'يرجى الدفع بتحويل مصرفي',
    ])
      expect(text).toContain(words);
    expect(text).toContain('ألف ومئتان وأربعة وثلاثون EUR 56/100');
    expect(text).toContain('LT121000011101001000');
    expect(text).toContain('1,234.56 EUR');
    // The title stands on the right half of the page (595 points wide), as the page is mirrored.
    const boxes = spawnSync('pdftotext', ['-bbox', '-', '-'], { input: pdf }).stdout.toString('utf8');
    // -bbox lists each word's glyphs as drawn, right to left: the title's letters come reversed.
    const drawn = [...'فاتورة'].reverse().join('');
    const title = new RegExp(`<word xMin="([\\d.]+)"[^>]*>${drawn}</word>`).exec(boxes);
    expect(title).not.toBeNull();
    expect(Number(title![1])).toBeGreaterThan(595 / 2);
  });

  it('in a language without a dictionary: English labels', async () => {
    const text = pdfText(await render('ja-JP'));
    expect(text).toContain('Invoice');
    expect(text).toContain('Total incl. tax');
  });
});

describe('dunning letters in the payer’s language', () => {
  const letter = async (language: string) => {
    const level = defaultDunning.levels[1];
    const texts = levelTextsIn(level, language);
    const values = {
      invoiceNumber: invoice.invoiceNumber,
      amount: '1234.56',
      currency: 'EUR',
      dueDate: invoice.dueDate,
      days: '25',
      payer: 'Juan García',
      interest: '10.15',
    };
    return renderDunningLetter({
      language,
      sender: 'Arrendamientos del Sur SA',
      recipient: 'Juan García',
      address: ['Calle Mayor 1', '28013 Madrid'],
      date: '2026-08-09',
      subject: fillText(texts.subject, values),
      body: fillText(texts.body, values),
      currency: 'EUR',
      figures: {
        invoiceNumber: invoice.invoiceNumber,
        dueDate: invoice.dueDate,
        days: 25,
        overdue: 1234.56,
        interest: 10.15,
        indemnity: 40,
      },
    });
  };

  it('in Spanish: the level’s text, the figures’ headings and the amount overdue in Spanish words', async () => {
    const text = pdfText(await letter('es-ES'));
    expect(text).toContain(`Segundo recordatorio: factura ${invoice.invoiceNumber}`);
    expect(text).toContain('Pese a nuestro primer recordatorio');
    for (const heading of ['Importe vencido', 'Días de retraso', 'Intereses de demora', 'Importe en letra'])
      expect(text).toContain(heading);
    expect(text).toContain('1.234,56 EUR');
    expect(text).toContain('09/08/2026');
    expect(text).toContain('mil doscientos treinta y cuatro euros con cincuenta y seis céntimos');
  });

  it('in Arabic: the letter reads right to left in logical order', async () => {
    const text = pdfText(await letter('ar'));
    for (const words of ['المبلغ المتأخر', 'فوائد التأخير', 'رغم تذكيرنا الأول']) expect(text).toContain(words);
    expect(text).toContain(invoice.invoiceNumber);
  });
});
