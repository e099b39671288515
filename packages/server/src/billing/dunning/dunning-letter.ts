/**
 * A dunning letter as a PDF (pdfkit, the DejaVu fonts invoices use, parsed once per process): the lessor, the payer and
 * their address, the date, the subject, the level's text, and the invoice's figures (amount
 * overdue, days late, interest, indemnity) printed from exact decimals.
 */
import PDFDocument from 'pdfkit';
import { formatMoney, useFonts } from '../invoice-pdf/render-invoice-pdf.ts';

export interface Letter {
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

const headings: Record<string, Record<string, string>> = {
  en: {
    invoice: 'Invoice',
    due: 'Due date',
    days: 'Days late',
    overdue: 'Amount overdue',
    interest: 'Late-payment interest',
    indemnity: 'Recovery indemnity',
  },
  fr: {
    invoice: 'Facture',
    due: 'Échéance',
    days: 'Jours de retard',
    overdue: 'Montant impayé',
    interest: 'Intérêts de retard',
    indemnity: 'Indemnité de recouvrement',
  },
};

export function renderDunningLetter(letter: Letter): Promise<Buffer> {
  // No default font: the invoices' parsed DejaVu fonts are embedded (useFonts), not read again per letter.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
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
  const language = headings[letter.language] ? letter.language : 'en';
  const h = headings[language];
  doc.font('bold').fontSize(12).text(letter.sender);
  doc.moveDown(2);
  doc
    .font('regular')
    .fontSize(10)
    .text([letter.recipient, ...letter.address].join('\n'), 330);
  doc.moveDown(2);
  doc.text(letter.date, 330);
  doc.moveDown(2);
  doc.font('bold').fontSize(11).text(letter.subject, 56);
  doc.moveDown();
  doc.font('regular').fontSize(10).text(letter.body, { align: 'left' });
  doc.moveDown(2);
  const money = (v: number) => formatMoney(v, letter.currency, language);
  const rows: [string, string][] = [
    [h.invoice, letter.figures.invoiceNumber],
    [h.due, letter.figures.dueDate],
    [h.days, String(letter.figures.days)],
    [h.overdue, money(letter.figures.overdue)],
    [h.interest, money(letter.figures.interest)],
    [h.indemnity, money(letter.figures.indemnity)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('regular').text(label, 56, y, { width: 220 });
    doc.font('bold').text(value, 280, y, { width: 200, align: 'right' });
  }
  doc.end();
  return done;
}
