import { defineEntity } from '../../entity.ts';
import { currency, date, link, select, text } from '../../fields.ts';
import { column, equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * One transaction of a payment file (server banking/payment-files): a direct debit of a receivable
 * invoice (pr R) on the payer's mandate, or a transfer paying a payable one (pr P). Its
 * `endToEndId` is what the bank brings back in statements and returns (unique per tenant: the
 * line's registration). An invoice is in one non-cancelled line at most.
 */
export const paymentFileLine = defineEntity({
  name: 'PaymentFileLine',
  route: 'billing/payment-file-lines',
  prefix: 'PFL',
  typeList: 'paymentFileLineType',
  fields: {
    paymentFileRegistration: link('PaymentFile', { readOnly: true }),
    invoiceRegistration: link('Invoice', { readOnly: true }),
    contractRegistration: link('Contract', { readOnly: true }),
    personRegistration: link('Person', { readOnly: true }),
    endToEndId: text({ label: 'End-to-end ID', readOnly: true }),
    amount: currency({ readOnly: true }),
    currency: select('currency', { readOnly: true }),
    mandateReference: text({ readOnly: true }),
    mandateSignatureDate: date({ readOnly: true }),
    sequenceType: select('sepaSequenceType', { readOnly: true }),
    iban: text({ label: 'IBAN', readOnly: true }),
    bic: text({ label: 'BIC', readOnly: true }),
    collectionDate: date({ readOnly: true }),
    pr: select('pr', { label: 'Payable or receivable', readOnly: true }),
    remittanceInformation: text({ readOnly: true }),
    // A returned or rejected debit (server banking/returns): the ISO reason, the day, the statement's transaction.
    returnReasonCode: select('sepaReturnReason', { readOnly: true }),
    returnDate: date({ readOnly: true }),
    bankTransactionRegistration: link('BankTransaction', { readOnly: true }),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('paymentFile', { field: 'paymentFileRegistration' }),
    equal('invoice', { field: 'invoiceRegistration' }),
    equal('contract', { field: 'contractRegistration' }),
    equal('person', { field: 'personRegistration' }),
    equal('endToEndId'),
    equal('mandateReference'),
    equal('sequenceType'),
    equal('pr'),
    range('collectionDate'),
  ],
  columns: [
    'registration',
    'status',
    'type',
    'paymentFileRegistration',
    'endToEndId',
    'invoiceRegistration',
    'contractRegistration',
    'personRegistration',
    column('amount', { currencyField: 'currency' }),
    'currency',
    'sequenceType',
    'mandateReference',
    'iban',
    'collectionDate',
  ],
  statuses: ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED'],
  workflow: () => [
    t('SEND', 'DRAFT', 'SENT'),
    t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE' }),
    // A debit returned by the bank after it was accepted (an R-transaction, banking/returns) is rejected too.
    t('REJECT', ['SENT', 'ACCEPTED'], 'REJECTED'),
    t('CANCEL', 'DRAFT', 'CANCELLED'),
  ],
  // What the bank brings back: one line per EndToEndId in a tenant.
  unique: ['endToEndId'],
  readOnly: true,
  menu: { section: 'Billing', order: 55 },
  labels: {
    fr: {
      singular: 'Ligne de fichier de paiement',
      plural: 'Lignes de fichier de paiement',
      texts: {
        'End-to-end ID': 'Référence de bout en bout',
        IBAN: 'IBAN',
        BIC: 'BIC',
        'Payable or receivable': 'Payable ou recevable',
        'Payment file registration': 'Fichier de paiement',
        'Mandate reference': 'Référence unique de mandat',
        'Mandate signature date': 'Date de signature du mandat',
        'Sequence type': 'Type de séquence',
        'Collection date': 'Date de règlement',
        'Remittance information': 'Libellé',
        'Payment file': 'Fichier de paiement',
        'Return reason code': 'Motif du rejet',
        'Return date': 'Date de retour',
        'Bank transaction registration': 'Opération bancaire',
      },
    },
  },
  screens: { detailByIdOnly: true },
});
