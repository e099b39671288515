/**
 * A dunning letter as a PDF (pdfkit, the DejaVu fonts invoices use, parsed once per process): the lessor, the payer and
 * their address, the date, the subject, the level's text, and the invoice's figures (amount
 * overdue in figures and in words, days late, interest, indemnity) printed from exact decimals,
 * in the payer's language (the documents' dictionary), right to left in Arabic as invoices are.
 */
import PDFDocument from 'pdfkit';
import { documentLanguage, documentText } from '@lbo/model/i18n/documents/document-texts';
import { isRightToLeft } from '@lbo/model/i18n/locales';
import { amountInWords } from '../invoice-pdf/amount-in-words.ts';
import { hasRightToLeft } from '../invoice-pdf/bidi-text.ts';
import { fixRightToLeftLigatures, formatDate, formatMoney, PageWriter } from '../invoice-pdf/render-invoice-pdf.ts';
import { useFonts } from '../invoice-pdf/pdf-fonts.ts';

export interface Letter {
  /** A language or locale tag (`es`, `en-IN`): the texts', the figures' and the words' language. */
  language: string;
  sender: string;
  recipient: string;
  address: string[];
  date: string;
  subject: string;
  body: string;
  currency: string;
  figures: {
    invoiceNumber: string;
    dueDate: string;
    days: number;
    overdue: number;
    interest: number;
    indemnity: number;
  };
}

/** The English of the figures' headings, for the documents' dictionary. */
export const letterHeadings = {
  invoice: 'Invoice',
  due: 'Due date',
  days: 'Days late',
  overdue: 'Amount overdue',
  inWords: 'Amount in words',
  interest: 'Late-payment interest',
  indemnity: 'Recovery indemnity',
};

const MARGIN = 56;
const WIDTH = 595.28 - 2 * MARGIN;

export function renderDunningLetter(letter: Letter): Promise<Buffer> {
  const language = documentLanguage(letter.language);
  const rtl = isRightToLeft(language);
  // No default font: the invoices' parsed DejaVu fonts are embedded (useFonts), not read again per letter.
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: '',
    lang: letter.language,
    info: { Title: letter.subject },
  });
  useFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new PageWriter(doc, rtl);
  const h = (key: keyof typeof letterHeadings) => documentText(language, letterHeadings[key]);
  let y = MARGIN;
  y += w.text(letter.sender, MARGIN, y, WIDTH, { bold: true, size: 12 }) + 28;
  for (const line of [letter.recipient, ...letter.address])
    y += w.text(line, 330, y, WIDTH + MARGIN - 330, { size: 10 });
  y += 24;
  y += w.text(formatDate(letter.date, language) || letter.date, 330, y, WIDTH + MARGIN - 330, { size: 10 }) + 24;
  y += w.text(letter.subject, MARGIN, y, WIDTH, { bold: true, size: 11 }) + 12;
  y += w.text(letter.body, MARGIN, y, WIDTH, { size: 10 }) + 24;
  const money = (v: number) => formatMoney(v, letter.currency, language);
  const rows: [string, string][] = [
    [h('invoice'), letter.figures.invoiceNumber],
    [h('due'), formatDate(letter.figures.dueDate, language) || letter.figures.dueDate],
    [h('days'), String(letter.figures.days)],
    [h('overdue'), money(letter.figures.overdue)],
    [h('interest'), money(letter.figures.interest)],
    [h('indemnity'), money(letter.figures.indemnity)],
  ];
  for (const [label, value] of rows) {
    w.text(label, MARGIN, y, 220, { size: 10 });
    y += w.text(value, 280, y, 200, { bold: true, size: 10, align: 'right' }) + 3;
  }
  y += 12;
  y += w.text(h('inWords'), MARGIN, y, WIDTH, { bold: true, size: 9 });
  w.text(amountInWords(letter.figures.overdue, letter.currency, letter.language), MARGIN, y, WIDTH, { size: 10 });
  if (rtl || hasRightToLeft(letter.sender + letter.recipient + letter.body)) fixRightToLeftLigatures(doc);
  doc.end();
  return done;
}
