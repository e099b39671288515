/**
 * The words of an invoice PDF in the languages the product prints (English, French, Spanish,
 * German, Arabic); other languages print in English (their amount in words stays theirs). A
 * tenant's layout may replace any of them per language (`invoiceLayout.texts`). `{x}` is filled in.
 */
export const invoiceTextKeys = [
  'invoiceTitle', 'creditNoteTitle', 'creditNoteFor', 'number', 'issueDate', 'dueDate', 'contract', 'seller', 'buyer', 'vatNumber',
  'label', 'lineDueDate', 'exclTax', 'taxRate', 'tax', 'inclTax', 'taxBreakdown', 'base', 'totalExclTax', 'totalTax', 'totalInclTax',
  'amountInWords', 'payment', 'directDebit', 'mandateReference', 'creditorIdentifier', 'debitedIban', 'transfer', 'iban', 'bic', 'paymentReference',
  'cheque', 'otherPayment', 'creditNotePayment', 'page', 'footer', 'legalMentions',
] as const;
export type InvoiceTextKey = (typeof invoiceTextKeys)[number];
export type InvoiceTexts = Record<InvoiceTextKey, string>;

const en: InvoiceTexts = {
  invoiceTitle: 'Invoice', creditNoteTitle: 'Credit note', creditNoteFor: 'Cancels invoice {number}', number: 'Number', issueDate: 'Issue date',
  dueDate: 'Due date', contract: 'Contract', seller: 'Seller', buyer: 'Bill to', vatNumber: 'VAT number', label: 'Description',
  lineDueDate: 'Due', exclTax: 'Excl. tax', taxRate: 'Rate', tax: 'Tax', inclTax: 'Incl. tax', taxBreakdown: 'Tax breakdown', base: 'Base',
  totalExclTax: 'Total excl. tax', totalTax: 'Total tax', totalInclTax: 'Total incl. tax', amountInWords: 'Amount in words', payment: 'Payment',
  directDebit: 'Paid by SEPA direct debit on {date}.', paymentReference: 'Payment reference', mandateReference: 'Mandate reference', creditorIdentifier: 'Creditor identifier',
  debitedIban: 'Debited IBAN', transfer: 'Please pay by bank transfer by {date} to:', iban: 'IBAN', bic: 'BIC',
  cheque: 'Please pay by cheque to the order of {seller} by {date}.', otherPayment: 'To be paid by {date}.',
  creditNotePayment: 'This amount is refunded or set against your next invoices.', page: 'Page {page} of {pages}', footer: '', legalMentions: '',
};

const fr: InvoiceTexts = {
  invoiceTitle: 'Facture', creditNoteTitle: 'Avoir', creditNoteFor: 'Annule la facture {number}', number: 'Numéro', issueDate: "Date d'émission",
  dueDate: "Date d'échéance", contract: 'Contrat', seller: 'Vendeur', buyer: 'Facturé à', vatNumber: 'N° de TVA', label: 'Désignation',
  lineDueDate: 'Échéance', exclTax: 'HT', taxRate: 'Taux', tax: 'TVA', inclTax: 'TTC', taxBreakdown: 'Détail de la TVA', base: 'Base HT',
  totalExclTax: 'Total HT', totalTax: 'Total TVA', totalInclTax: 'Total TTC', amountInWords: 'Arrêtée à la somme de', payment: 'Règlement',
  directDebit: 'Prélevée par prélèvement SEPA le {date}.', paymentReference: 'Référence de paiement', mandateReference: 'Référence unique de mandat', creditorIdentifier: 'Identifiant créancier SEPA',
  debitedIban: 'IBAN débité', transfer: 'À régler par virement avant le {date} sur le compte :', iban: 'IBAN', bic: 'BIC',
  cheque: "À régler par chèque à l'ordre de {seller} avant le {date}.", otherPayment: 'À régler avant le {date}.',
  creditNotePayment: 'Ce montant vous est remboursé ou imputé sur vos prochaines factures.', page: 'Page {page} sur {pages}', footer: '', legalMentions: '',
};

const es: InvoiceTexts = {
  invoiceTitle: 'Factura', creditNoteTitle: 'Factura rectificativa', creditNoteFor: 'Anula la factura {number}', number: 'Número', issueDate: 'Fecha de emisión',
  dueDate: 'Fecha de vencimiento', contract: 'Contrato', seller: 'Emisor', buyer: 'Facturar a', vatNumber: 'NIF-IVA', label: 'Concepto',
  lineDueDate: 'Vencimiento', exclTax: 'Base', taxRate: 'Tipo', tax: 'IVA', inclTax: 'Total', taxBreakdown: 'Desglose de impuestos', base: 'Base imponible',
  totalExclTax: 'Total sin impuestos', totalTax: 'Total impuestos', totalInclTax: 'Total con impuestos', amountInWords: 'Importe en letra', payment: 'Pago',
  directDebit: 'Cobrada por adeudo directo SEPA el {date}.', paymentReference: 'Referencia de pago', mandateReference: 'Referencia de la orden', creditorIdentifier: 'Identificador del acreedor',
  debitedIban: 'IBAN adeudado', transfer: 'Pague por transferencia antes del {date} a:', iban: 'IBAN', bic: 'BIC',
  cheque: 'Pague con cheque a la orden de {seller} antes del {date}.', otherPayment: 'A pagar antes del {date}.',
  creditNotePayment: 'Este importe se le reembolsa o se descuenta de sus próximas facturas.', page: 'Página {page} de {pages}', footer: '', legalMentions: '',
};

const de: InvoiceTexts = {
  invoiceTitle: 'Rechnung', creditNoteTitle: 'Gutschrift', creditNoteFor: 'Storniert Rechnung {number}', number: 'Nummer', issueDate: 'Rechnungsdatum',
  dueDate: 'Fälligkeitsdatum', contract: 'Vertrag', seller: 'Verkäufer', buyer: 'Rechnungsempfänger', vatNumber: 'USt-IdNr.', label: 'Beschreibung',
  lineDueDate: 'Fällig', exclTax: 'Netto', taxRate: 'Satz', tax: 'USt', inclTax: 'Brutto', taxBreakdown: 'Steueraufstellung', base: 'Bemessungsgrundlage',
  totalExclTax: 'Summe netto', totalTax: 'Summe USt', totalInclTax: 'Summe brutto', amountInWords: 'Betrag in Worten', payment: 'Zahlung',
  directDebit: 'Wird am {date} per SEPA-Lastschrift eingezogen.', paymentReference: 'Zahlungsreferenz', mandateReference: 'Mandatsreferenz', creditorIdentifier: 'Gläubiger-ID',
  debitedIban: 'Belastete IBAN', transfer: 'Bitte überweisen Sie bis zum {date} auf:', iban: 'IBAN', bic: 'BIC',
  cheque: 'Bitte zahlen Sie per Scheck an {seller} bis zum {date}.', otherPayment: 'Zahlbar bis {date}.',
  creditNotePayment: 'Dieser Betrag wird erstattet oder mit Ihren nächsten Rechnungen verrechnet.', page: 'Seite {page} von {pages}', footer: '', legalMentions: '',
};

const ar: InvoiceTexts = {
  invoiceTitle: 'فاتورة', creditNoteTitle: 'إشعار دائن', creditNoteFor: 'يلغي الفاتورة {number}', number: 'الرقم', issueDate: 'تاريخ الإصدار',
  dueDate: 'تاريخ الاستحقاق', contract: 'العقد', seller: 'البائع', buyer: 'المشتري', vatNumber: 'الرقم الضريبي', label: 'البيان',
  lineDueDate: 'الاستحقاق', exclTax: 'قبل الضريبة', taxRate: 'النسبة', tax: 'الضريبة', inclTax: 'شامل الضريبة', taxBreakdown: 'تفصيل الضريبة', base: 'الوعاء',
  totalExclTax: 'المجموع قبل الضريبة', totalTax: 'مجموع الضريبة', totalInclTax: 'المجموع شامل الضريبة', amountInWords: 'المبلغ بالحروف', payment: 'الدفع',
  directDebit: 'يحصل بالخصم المباشر في {date}.', paymentReference: 'مرجع الدفع', mandateReference: 'مرجع التفويض', creditorIdentifier: 'معرف الدائن',
  debitedIban: 'رقم الحساب المخصوم', transfer: 'يرجى الدفع بتحويل مصرفي قبل {date} إلى:', iban: 'IBAN', bic: 'BIC',
  cheque: 'يرجى الدفع بشيك لأمر {seller} قبل {date}.', otherPayment: 'يستحق الدفع قبل {date}.',
  creditNotePayment: 'يرد هذا المبلغ أو يخصم من فواتيركم القادمة.', page: 'صفحة {page} من {pages}', footer: '', legalMentions: '',
};

export const invoiceTexts: Record<string, InvoiceTexts> = { en, fr, es, de, ar };

/** The printed language of an invoice language tag (`fr-FR` → `fr`); English when the product does not print it. */
export const printedLanguage = (language: string | null | undefined) => {
  const base = String(language ?? '').slice(0, 2).toLowerCase();
  return base in invoiceTexts ? base : 'en';
};

/** Right-to-left languages. */
export const isRightToLeft = (language: string) => ['ar', 'fa', 'he', 'ur'].includes(language);

export const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
