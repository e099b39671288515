import { defineEntity } from '../../entity.ts';
import { boolean, currency, date, link, list, number, select, text, textarea } from '../../fields.ts';
import { column, equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * One entry of a bank statement, or one transaction detail of a batch entry. Matching
 * (server banking/statements) links it to what was expected: a payment-file line by EndToEndId,
 * a mandate and amount, an invoice number or creditor reference, a payer's IBAN and amount.
 * MATCHED ones name their cashflow; NEW ones wait on the reconciliation screen with `candidates`.
 */
export const bankTransaction = defineEntity({
  name: 'BankTransaction',
  route: 'bank/bank-transactions',
  prefix: 'BT',
  fields: {
    bankStatementRegistration: link('BankStatement', { readOnly: true }),
    camtRegistration: link('Camt', { readOnly: true }),
    accountIban: text({ readOnly: true }),
    creditDebit: text({ readOnly: true }),
    amount: currency({ readOnly: true }),
    currency: select('currency', { readOnly: true }),
    bookingDate: date({ readOnly: true }),
    valueDate: date({ readOnly: true }),
    entryReference: text({ readOnly: true }),
    accountServicerReference: text({ readOnly: true }),
    bankTransactionCode: text({ readOnly: true }),
    endToEndId: text({ readOnly: true }),
    mandateReference: text({ readOnly: true }),
    remittanceInformation: textarea({ readOnly: true }),
    creditorReference: text({ readOnly: true }),
    counterpartyName: text({ readOnly: true }),
    counterpartyIban: text({ readOnly: true }),
    entryStatus: text({ readOnly: true }),
    reversal: boolean({ readOnly: true }),
    returnReason: text({ readOnly: true }),
    matchMethod: select('bankMatchMethod', { readOnly: true }),
    matchDate: date({ readOnly: true }),
    paymentFileLineRegistration: link('PaymentFileLine', { readOnly: true }),
    cashflowRegistration: link('Cashflow', { readOnly: true }),
    caseRegistration: link('Case', { readOnly: true }),
    invoices: list({ invoiceRegistration: link('Invoice'), amount: currency() }, { readOnly: true }),
    candidates: list({ invoiceRegistration: link('Invoice'), score: number(), reason: text(), balance: currency() }, { readOnly: true }),
  },
  search: [
    'registration', equal('status'), equal('type'), equal('bankStatementRegistration'), equal('camtRegistration'),
    equal('endToEndId'), equal('matchMethod'), equal('cashflowRegistration'), equal('counterpartyIban'), range('bookingDate'), range('amount'),
  ],
  columns: [
    // The name is the counterparty's, the type says credit or debit: fewer columns, fewer indexes to write per imported entry.
    'registration', 'status', 'name', 'type', 'bookingDate', column('amount', { currencyField: 'currency' }),
    'endToEndId', 'remittanceInformation', 'matchMethod', 'cashflowRegistration', 'bankStatementRegistration',
  ],
  textSearch: ['registration', 'name', 'endToEndId', 'remittanceInformation'],
  statuses: ['NEW', 'PARTIALLY_MATCHED', 'MATCHED', 'IGNORED', 'CANCELLED'],
  workflow: () => [
    t('MATCH_PARTIALLY', 'NEW', 'PARTIALLY_MATCHED', { hidden: true }),
    t('MATCH', ['NEW', 'PARTIALLY_MATCHED'], 'MATCHED', { hidden: true }),
    t('UNMATCH', ['PARTIALLY_MATCHED', 'MATCHED'], 'NEW', { hidden: true }),
    t('IGNORE', 'NEW', 'IGNORED'),
    t('UNIGNORE', 'IGNORED', 'NEW', { label: 'Stop ignoring', icon: 'EyeOutlined', action: 'UNDO' }),
    t('CANCEL', ['NEW', 'IGNORED'], 'CANCELLED'),
  ],
  readOnly: true,
  menu: { section: 'Banking', order: 30 },
  labels: {
    fr: {
      singular: 'Transaction bancaire', plural: 'Transactions bancaires',
      texts: {
        'Bank statement registration': 'Relevé bancaire', 'Camt registration': 'Relevé camt', 'Account iban': 'IBAN du compte',
        'Credit debit': 'Sens', 'Booking date': 'Date de comptabilisation', 'Value date': 'Date de valeur', 'Entry reference': "Référence de l'écriture",
        'Account servicer reference': 'Référence de la banque', 'Bank transaction code': 'Code opération', 'End to end id': 'Référence de bout en bout', 'Remittance information': 'Libellé', 'Creditor reference': 'Référence créancier',
        'Counterparty name': 'Contrepartie', 'Counterparty iban': 'IBAN de la contrepartie', 'Reversal': 'Contrepassation', 'Entry status': "Statut de l'écriture",
        'Return reason': 'Motif du rejet', 'Match method': 'Mode de rapprochement', 'Match date': 'Date du rapprochement',
        'Payment file line registration': 'Ligne de fichier de paiement', 'Cashflow registration': 'Flux de trésorerie', 'Case registration': 'Dossier',
        'Invoices': 'Factures', 'Candidates': 'Candidats', 'Invoice registration': 'Facture', 'Score': 'Score', 'Reason': 'Raison', 'Balance': 'Solde',
        'Stop ignoring': 'Ne plus ignorer',
      },
    },
  },
  screens: { detailByIdOnly: true, list: 'bankTransactions', detail: 'bankTransaction' },
});
