/**
 * An invoice as a PDF (pdfkit): seller and buyer with their identifiers, number and dates, the
 * lines, the tax breakdown per rate, totals, the amount in words, payment instructions by payment
 * mode, legal mentions and footer, in the invoice's language and the tenant's layout. Amounts are
 * printed from their exact minor units, never through float arithmetic. Right-to-left languages
 * mirror the page and order each line with the bidirectional algorithm (bidi-text.ts).
 */
import PDFDocument from 'pdfkit';
import { Dec } from '@lbo/model/finance/decimal';
import { referenceLists } from '@lbo/model/reference-lists';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { Doc } from '../../entities/storage.ts';
import { creditorReference } from '@lbo/model/values/creditor-reference';
import { amountInWords } from './amount-in-words.ts';
import { hasRightToLeft, visualPieces } from './bidi-text.ts';
import type { InvoiceLayout } from './invoice-layout.ts';
import { invoiceTextsIn, type InvoiceTextKey, type InvoiceTexts } from './invoice-texts.ts';
import { documentLanguage, fillPlaceholders as fill } from '@lbo/model/i18n/documents/document-texts';
import { isRightToLeft } from '@lbo/model/i18n/locales';
import { useFonts } from './pdf-fonts.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - 90;

/** A person as printed: its stored document (registration, name, addresses, registrations…). */
export type PrintedPerson = Doc | undefined;

// ---------------------------------------------------------------- formats

/** Thousands separator and decimal point per printed language (a narrow no-break space where a space groups). */
const groupSeparators: Record<string, [string, string]> = {
  fr: [' ', ','],
  es: ['.', ','],
  de: ['.', ','],
  it: ['.', ','],
  nl: ['.', ','],
  pt: ['\u00A0', ','],
  ro: ['.', ','],
  tr: ['.', ','],
  ru: ['\u00A0', ','],
  uk: ['\u00A0', ','],
  hu: ['\u00A0', ','],
  lt: ['\u00A0', ','],
  pl: ['\u00A0', ','],
  en: [',', '.'],
  ar: [',', '.'],
};

/** `value` of `currency` as `1 234,56 EUR` (French), `1,234.56 EUR` (English): exact from its minor units. */
export function formatMoney(value: unknown, currency: string, language: string): string {
  const decimals = currencyDecimals(currency);
  const exact = new Dec(typeof value === 'number' || typeof value === 'string' ? value : 0).toFixed(decimals);
  const negative = exact.startsWith('-');
  const [units, minor] = (negative ? exact.slice(1) : exact).split('.');
  const [group, point] = groupSeparators[language] ?? groupSeparators.en;
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative && !/^[0.]+$/.test(exact.slice(1)) ? '-' : ''}${grouped}${minor ? point + minor : ''} ${currency}`;
}

/** A rate stored as a fraction (0.2) as `20 %` (French) or `20%`. */
export function formatRate(rate: unknown, language: string): string {
  const percent = new Dec(typeof rate === 'number' || typeof rate === 'string' ? rate : 0)
    .times(100)
    .toDecimalPlaces(3)
    .toString();
  const [, point] = groupSeparators[language] ?? groupSeparators.en;
  return `${percent.replace('.', point)}${language === 'fr' ? ' %' : '%'}`;
}

/** `YYYY-MM-DD` as the language writes it. */
export function formatDate(iso: unknown, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(iso ?? ''));
  if (!m) return '';
  const [, y, mo, d] = m;
  if (language === 'en' || language === 'lt') return `${y}-${mo}-${d}`;
  if (language === 'hu') return `${y}. ${mo}. ${d}.`;
  if (language === 'nl') return `${d}-${mo}-${y}`;
  return ['de', 'ru', 'uk', 'pl', 'ro', 'tr'].includes(language) ? `${d}.${mo}.${y}` : `${d}/${mo}/${y}`;
}

// ---------------------------------------------------------------- persons

type Address = {
  type?: string;
  address1?: string;
  address2?: string;
  zipcode?: string;
  city?: string;
  country?: string;
};
const addressPreference = ['BILLING', 'HEAD_OFFICE', 'MAIN', 'POSTAL'];

function addressLines(person: PrintedPerson): string[] {
  const addresses = (Array.isArray(person?.addresses) ? person.addresses : []) as Address[];
  const chosen = [...addresses].sort((a, b) => rank(a.type) - rank(b.type))[0];
  if (!chosen) return [];
  return [
    chosen.address1,
    chosen.address2,
    [chosen.zipcode, chosen.city].filter(Boolean).join(' '),
    chosen.country,
  ].filter((l): l is string => !!l && !!String(l).trim());
}
const rank = (type: string | undefined) => {
  const i = addressPreference.indexOf(type ?? '');
  return i < 0 ? addressPreference.length : i;
};

const registrationLabels = new Map((referenceLists.registrationType ?? []).map((item) => [item.value, item.label]));

/** The identifiers a person holds (SIREN, VAT number…), each with its label. */
function identifierLines(person: PrintedPerson, language: string, texts: InvoiceTexts): string[] {
  const held = (Array.isArray(person?.registrations) ? person.registrations : []) as {
    type?: string;
    number?: string;
  }[];
  return held
    .filter((r) => r.number)
    .map((r) => {
      const label =
        r.type === 'EVA'
          ? texts.vatNumber
          : (registrationLabels.get(String(r.type))?.[language === 'fr' ? 'fr' : 'en'] ?? String(r.type ?? ''));
      return `${label}: ${r.number}`;
    });
}

const personName = (person: PrintedPerson, fallback: unknown) =>
  String(
    person?.name ??
      person?.commercialName ??
      ([person?.firstName, person?.lastName].filter(Boolean).join(' ') || (fallback ?? '')),
  );

// ---------------------------------------------------------------- drawing

interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Writes on the page in the invoice's direction: in RTL, x positions are mirrored and alignments swapped. */
export class PageWriter {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly rtl: boolean,
  ) {}

  private use({ bold, size = 9, color = '#222222' }: TextStyle) {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
  }

  /** Text in the box at (x, y) of `width`, wrapped; answers the height used. */
  text(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    if (!text) return 0;
    this.use(style);
    if (!this.rtl && !hasRightToLeft(text)) {
      this.doc.text(text, x, y, { width, align: style.align ?? 'left', lineGap: 1 });
      // The text moved the cursor down by its height, as heightOfString would measure it again, unless it went on to a new page.
      const after = this.doc.y;
      return after >= y ? after - y : this.doc.heightOfString(text, { width, lineGap: 1 });
    }
    const boxX = this.rtl ? PAGE.width - x - width : x;
    const align = this.rtl
      ? style.align === 'right'
        ? 'left'
        : style.align === 'center'
          ? 'center'
          : 'right'
      : (style.align ?? 'left');
    const lineHeight = this.doc.currentLineHeight(true) + 1;
    const lines = this.wrap(text, width);
    lines.forEach((line, i) => this.line(line, boxX, y + i * lineHeight, width, align));
    return lines.length * lineHeight;
  }

  /** Greedy wrapping on spaces, in logical order. */
  private wrap(text: string, width: number): string[] {
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (line && this.doc.widthOfString(next) > width) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  }

  /** One line in visual order, its pieces placed left to right. */
  private line(line: string, boxX: number, y: number, width: number, align: 'left' | 'right' | 'center') {
    // A text without right-to-left letters (a number, an IBAN, a Latin name) keeps its own direction.
    const pieces = visualPieces(line, hasRightToLeft(line) ? 'rtl' : 'ltr');
    const widths = pieces.map((p) => this.doc.widthOfString(p.text));
    const total = widths.reduce((s, w) => s + w, 0);
    let x = align === 'left' ? boxX : align === 'right' ? boxX + width - total : boxX + (width - total) / 2;
    pieces.forEach((piece, i) => {
      if (piece.text.trim()) this.doc.text(piece.text, x, y, { lineBreak: false });
      x += widths[i];
    });
  }

  rule(x: number, y: number, width: number, color: string) {
    const left = this.rtl ? PAGE.width - x - width : x;
    this.doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();
  }

  band(x: number, y: number, width: number, height: number, color: string) {
    const left = this.rtl ? PAGE.width - x - width : x;
    this.doc.rect(left, y, width, height).fillColor(color).fill();
  }
}

/**
 * pdfkit maps a glyph to its characters in logical order; a ligature of an RTL run (lam-alef) is
 * drawn in visual order, so text extraction (poppler, pdf.js), reversing the run, would swap its
 * characters. Such a glyph's characters are given in visual order.
 */
export function fixRightToLeftLigatures(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  for (const font of Object.values(families)) {
    font.unicode?.forEach((codePoints, gid) => {
      if (codePoints && codePoints.length > 1 && codePoints.every((c) => hasRightToLeft(String.fromCodePoint(c))))
        font.unicode![gid] = [...codePoints].reverse();
    });
  }
}

// ---------------------------------------------------------------- the invoice

/** Line columns: key, width, alignment. */
const columns: { key: InvoiceTextKey; width: number; align: 'left' | 'right' }[] = [
  { key: 'label', width: 175, align: 'left' },
  { key: 'lineDueDate', width: 62, align: 'left' },
  { key: 'exclTax', width: 78, align: 'right' },
  { key: 'taxRate', width: 44, align: 'right' },
  { key: 'tax', width: 70, align: 'right' },
  { key: 'inclTax', width: 86, align: 'right' },
];

/**
 * Renders `invoice` with its `lines`; `seller` is its payee and `buyer` its payer. `language`
 * (a language or locale tag, `lt-LT`) picks the texts (any language of the documents' dictionary;
 * English otherwise) and the amount in words.
 */
export function renderInvoicePdf(
  invoice: Doc,
  lines: Doc[],
  seller: PrintedPerson,
  buyer: PrintedPerson,
  layout: InvoiceLayout,
  language: string,
): Promise<Buffer> {
  const printed = documentLanguage(language);
  const rtl = isRightToLeft(printed);
  const texts: InvoiceTexts = {
    ...invoiceTextsIn(printed),
    ...layout.texts[printed],
    ...layout.texts[language],
  } as InvoiceTexts;
  const currency = String(invoice.currency ?? 'EUR');
  const money = (v: unknown) => formatMoney(v, currency, printed);
  const date = (v: unknown) => formatDate(v, printed);
  const accent = layout.accentColor;
  const creditNote = invoice.type === 'CREDIT_NOTE';
  const sellerName = personName(
    seller,
    (invoice.persons as { role: string; name?: string }[] | undefined)?.find((p) => p.role === 'PAYEE')?.name,
  );
  const buyerName = personName(
    buyer,
    (invoice.persons as { role: string; name?: string }[] | undefined)?.find((p) => p.role === 'PAYER')?.name,
  );

  const doc = new PDFDocument({
    // No default font (pdfkit would read Helvetica's metrics for each document): useFonts gives them.
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: language || 'en',
    font: '',
    info: {
      Title:
        `${creditNote ? texts.creditNoteTitle : texts.invoiceTitle} ${invoice.invoiceNumber ?? invoice.registration ?? ''}`.trim(),
      Author: sellerName,
      Creator: 'Leasing back office',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useFonts(doc);
  const w = new PageWriter(doc, rtl);
  const M = PAGE.margin;

  // Title and the invoice's identity.
  w.text(creditNote ? texts.creditNoteTitle : texts.invoiceTitle, M, M, 250, { bold: true, size: 20, color: accent });
  const meta: [string, string][] = [
    [texts.number, String(invoice.invoiceNumber ?? invoice.registration ?? '')],
    [texts.issueDate, date(invoice.issueDate)],
    [texts.dueDate, date(invoice.dueDate)],
    [texts.contract, String(invoice.contractRegistration ?? '')],
  ];
  let y = M;
  for (const [label, value] of meta.filter(([, v]) => v)) {
    // A label may wrap in a language with long words ("Apmokėjimo terminas"): the taller of the two sets the next line.
    const labelHeight = w.text(label, 300, y, 95, { color: '#666666' });
    y += Math.max(labelHeight, w.text(value, 395, y, CONTENT + M - 395, { bold: true }));
  }
  if (creditNote && invoice.creditedInvoiceRegistration)
    y += w.text(
      fill(texts.creditNoteFor, {
        number: String(invoice.creditedInvoiceNumber ?? invoice.creditedInvoiceRegistration),
      }),
      300,
      y,
      CONTENT + M - 300,
    );

  // Seller and buyer.
  let top = Math.max(y, M + 34) + 16;
  const party = (title: string, name: string, person: PrintedPerson, showIds: boolean, x: number) => {
    let py = top;
    py += w.text(title, x, py, 240, { color: accent, bold: true, size: 8 }) + 2;
    py += w.text(name, x, py, 240, { bold: true, size: 10 });
    for (const line of addressLines(person)) py += w.text(line, x, py, 240);
    if (showIds)
      for (const line of identifierLines(person, printed, texts)) py += w.text(line, x, py, 240, { size: 8 });
    return py;
  };
  top =
    Math.max(
      party(texts.seller, sellerName, seller, layout.blocks.sellerIdentifiers, M),
      party(texts.buyer, buyerName, buyer, layout.blocks.buyerIdentifiers, 315),
    ) + 18;

  // Lines.
  const shown = layout.blocks.lineDueDates ? columns : columns.filter((c) => c.key !== 'lineDueDate');
  const widthOf = (c: (typeof columns)[number]) =>
    c.key === 'label' && !layout.blocks.lineDueDates ? c.width + 62 : c.width;
  const header = (at: number) => {
    w.band(M, at, CONTENT, 16, accent);
    let x = M;
    for (const c of shown) {
      w.text(texts[c.key], x + 3, at + 4, widthOf(c) - 6, { bold: true, size: 8, color: '#FFFFFF', align: c.align });
      x += widthOf(c);
    }
    return at + 20;
  };
  y = header(top);
  for (const line of lines) {
    const values: Record<string, string> = {
      label: String(line.label ?? line.name ?? ''),
      lineDueDate: date(line.dueDate),
      exclTax: money(line.amountExclTax),
      taxRate: formatRate(line.taxRate, printed),
      tax: money(line.tax),
      inclTax: money(line.amountInclTax),
    };
    if (y > BOTTOM - 20) {
      doc.addPage();
      y = header(M);
    }
    let x = M,
      height = 0;
    for (const c of shown) {
      height = Math.max(height, w.text(values[c.key], x + 3, y, widthOf(c) - 6, { size: 8, align: c.align }));
      x += widthOf(c);
    }
    y += height + 4;
    w.rule(M, y - 2, CONTENT, '#DDDDDD');
  }
  y += 8;

  // Tax breakdown and totals, side by side.
  if (y > BOTTOM - 120) {
    doc.addPage();
    y = M;
  }
  const blockTop = y;
  const taxes = (Array.isArray(invoice.taxes) ? invoice.taxes : []) as { rate?: number; base?: number; tax?: number }[];
  if (layout.blocks.taxBreakdown && taxes.length) {
    w.text(texts.taxBreakdown, M, y, 250, { bold: true, color: accent });
    y += 14;
    for (const [i, label] of [texts.taxRate, texts.base, texts.tax].entries())
      w.text(label, M + [0, 60, 160][i], y, [55, 95, 90][i], {
        size: 8,
        color: '#666666',
        align: i ? 'right' : 'left',
      });
    y += 12;
    for (const t of taxes) {
      w.text(formatRate(t.rate, printed), M, y, 55, { size: 8 });
      w.text(money(t.base), M + 60, y, 95, { size: 8, align: 'right' });
      y += w.text(money(t.tax), M + 160, y, 90, { size: 8, align: 'right' }) + 2;
    }
  }
  let ty = blockTop;
  const totals: [string, unknown, boolean][] = [
    [texts.totalExclTax, invoice.amountExclTax, false],
    [
      texts.totalTax,
      new Dec(Number(invoice.amountInclTax ?? 0))
        .minus(Number(invoice.amountExclTax ?? 0))
        .toFixed(currencyDecimals(currency)),
      false,
    ],
    [texts.totalInclTax, invoice.amountInclTax, true],
  ];
  for (const [label, value, strong] of totals) {
    if (strong) w.rule(330, ty, CONTENT + M - 330, accent);
    w.text(label, 330, ty + (strong ? 4 : 0), 120, { bold: strong, size: strong ? 10 : 9 });
    ty +=
      w.text(money(value), 450, ty + (strong ? 4 : 0), CONTENT + M - 450, {
        bold: strong,
        size: strong ? 10 : 9,
        align: 'right',
      }) + (strong ? 8 : 3);
  }
  y = Math.max(y, ty) + 12;

  // Amount in words.
  if (layout.blocks.amountInWords) {
    y += w.text(texts.amountInWords, M, y, CONTENT, { bold: true, size: 8, color: accent });
    y += w.text(amountInWords(Number(invoice.amountInclTax ?? 0), currency, language), M, y, CONTENT) + 12;
  }

  // Payment instructions.
  if (layout.blocks.paymentInstructions) {
    if (y > BOTTOM - 70) {
      doc.addPage();
      y = M;
    }
    y += w.text(texts.payment, M, y, CONTENT, { bold: true, color: accent }) + 2;
    const values = { date: date(invoice.dueDate), seller: sellerName };
    const pair = (label: string, value: unknown) => {
      if (!value) return;
      w.text(label, M, y, 150, { color: '#666666' });
      y += w.text(String(value), M + 150, y, CONTENT - 150, { bold: true });
    };
    if (creditNote) y += w.text(texts.creditNotePayment, M, y, CONTENT);
    else if (invoice.paymentMode === 'SEPA_DIRECT_DEBIT') {
      y += w.text(fill(texts.directDebit, values), M, y, CONTENT) + 2;
      pair(texts.mandateReference, invoice.mandateReference);
      pair(texts.creditorIdentifier, invoice.creditorIdentifier);
      pair(texts.debitedIban, invoice.iban);
    } else if (invoice.paymentMode === 'TRANSFER') {
      y += w.text(fill(texts.transfer, values), M, y, CONTENT) + 2;
      pair(texts.iban, invoice.iban);
      pair(texts.bic, invoice.bic);
      // The ISO 11649 reference the payer quotes, by which the bank statement's credit is matched to this invoice.
      pair(
        texts.paymentReference,
        invoice.invoiceNumber ? creditorReference(String(invoice.invoiceNumber)) : undefined,
      );
    } else if (invoice.paymentMode === 'CHECK') {
      y += w.text(fill(texts.cheque, values), M, y, CONTENT) + 2;
      pair(
        texts.paymentReference,
        invoice.invoiceNumber ? creditorReference(String(invoice.invoiceNumber)) : undefined,
      );
    } else y += w.text(fill(texts.otherPayment, values), M, y, CONTENT);
  }

  // Legal mentions, footer and page numbers on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    let fy = PAGE.height - 80;
    // The bottom margin would push text written below it onto a new page.
    doc.page.margins.bottom = 0;
    if (texts.legalMentions) fy += w.text(texts.legalMentions, M, fy, CONTENT, { size: 7, color: '#666666' });
    if (texts.footer) w.text(texts.footer, M, fy, CONTENT, { size: 7, color: '#666666', align: 'center' });
    if (layout.blocks.pageNumbers)
      w.text(
        fill(texts.page, { page: String(i - range.start + 1), pages: String(range.count) }),
        M,
        PAGE.height - 30,
        CONTENT,
        { size: 7, color: '#999999', align: 'right' },
      );
  }
  if (rtl || hasRightToLeft(texts.footer + texts.legalMentions + sellerName + buyerName)) fixRightToLeftLigatures(doc);
  doc.end();
  return done;
}
