/**
 * The words of an invoice PDF, in English here and in every language of the documents' dictionary
 * (@lbo/model/i18n/documents); a language without one prints in English (its amount in words stays
 * its own). A tenant's layout may replace any of them per language (`invoiceLayout.texts`). `{x}`
 * is filled in.
 */
import { documentText } from '@lbo/model/i18n/documents/document-texts';

export const invoiceTextKeys = [
  'invoiceTitle',
  'creditNoteTitle',
  'creditNoteFor',
  'number',
  'issueDate',
  'dueDate',
  'contract',
  'seller',
  'buyer',
  'vatNumber',
  'label',
  'lineDueDate',
  'exclTax',
  'taxRate',
  'tax',
  'inclTax',
  'taxBreakdown',
  'base',
  'totalExclTax',
  'totalTax',
  'totalInclTax',
  'amountInWords',
  'payment',
  'directDebit',
  'mandateReference',
  'creditorIdentifier',
  'debitedIban',
  'transfer',
  'iban',
  'bic',
  'paymentReference',
  'cheque',
  'otherPayment',
  'creditNotePayment',
  'page',
  'footer',
  'legalMentions',
] as const;
export type InvoiceTextKey = (typeof invoiceTextKeys)[number];
export type InvoiceTexts = Record<InvoiceTextKey, string>;

const en: InvoiceTexts = {
  invoiceTitle: 'Invoice',
  creditNoteTitle: 'Credit note',
  creditNoteFor: 'Cancels invoice {number}',
  number: 'Number',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  contract: 'Contract',
  seller: 'Seller',
  buyer: 'Bill to',
  vatNumber: 'VAT number',
  label: 'Description',
  lineDueDate: 'Due',
  exclTax: 'Excl. tax',
  taxRate: 'Rate',
  tax: 'Tax',
  inclTax: 'Incl. tax',
  taxBreakdown: 'Tax breakdown',
  base: 'Base',
  totalExclTax: 'Total excl. tax',
  totalTax: 'Total tax',
  totalInclTax: 'Total incl. tax',
  amountInWords: 'Amount in words',
  payment: 'Payment',
  directDebit: 'Paid by SEPA direct debit on {date}.',
  paymentReference: 'Payment reference',
  mandateReference: 'Mandate reference',
  creditorIdentifier: 'Creditor identifier',
  debitedIban: 'Debited IBAN',
  transfer: 'Please pay by bank transfer by {date} to:',
  iban: 'IBAN',
  bic: 'BIC',
  cheque: 'Please pay by cheque to the order of {seller} by {date}.',
  otherPayment: 'To be paid by {date}.',
  creditNotePayment: 'This amount is refunded or set against your next invoices.',
  page: 'Page {page} of {pages}',
  footer: '',
  legalMentions: '',
};

/**
 * The texts of an invoice in `language` (a language or locale tag): the English above through the
 * documents' dictionary (@lbo/model/i18n/documents), English where a language has none.
 */
export function invoiceTextsIn(language: string): InvoiceTexts {
  return Object.fromEntries(
    invoiceTextKeys.map((key) => [key, en[key] && documentText(language, en[key])]),
  ) as InvoiceTexts;
}

/** The English of every text an invoice prints, for the documents' dictionary. */
export const invoiceEnglishTexts = Object.values(en).filter(Boolean);
