import { defineEntity } from '../../entity.ts';
import { currency, date, integer, link, select, text, textarea } from '../../fields.ts';
import { column, equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A payment file sent to the bank (server banking/payment-files): SEPA direct debits (pain.008)
 * or credit transfers (pain.001) generated from invoices by a background job, its XML validated
 * against the message's schema and stored as its PAYMENT_FILE document. A file whose XML is not
 * valid is never released: it stays DRAFT with `errorMessage`, without a document, its lines
 * cancelled. Listed, not added by hand.
 */
export const paymentFile = defineEntity({
  name: 'PaymentFile',
  route: 'billing/payment-files',
  prefix: 'PF',
  typeList: 'paymentFileType',
  fields: {
    externalDataRegistration: link('ExternalData'),
    fileDate: date(),
    // The ISO 20022 message and version (`pain.008.001.08`), and the SEPA scheme of debits (CORE, B2B).
    format: text({ readOnly: true }),
    scheme: select('rumType', { readOnly: true }),
    messageId: text({ label: 'Message ID', readOnly: true }),
    // The first collection (or execution) date its lines ask for.
    requestedDate: date({ readOnly: true }),
    dueUntil: date({ readOnly: true }),
    organizationRegistration: link('Person', { readOnly: true }),
    creditorIdentifier: text({ readOnly: true }),
    iban: text({ label: 'IBAN', readOnly: true }),
    bic: text({ label: 'BIC', readOnly: true }),
    count: integer({ readOnly: true }),
    totalAmount: currency({ readOnly: true }),
    currency: select('currency', { readOnly: true }),
    documentRegistration: link('Document', { readOnly: true }),
    batchRegistration: link('Batch', { readOnly: true }),
    errorMessage: textarea({ readOnly: true }),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('format'),
    equal('scheme'),
    range('fileDate'),
    range('requestedDate'),
    equal('organization', { field: 'organizationRegistration' }),
    equal('batch', { field: 'batchRegistration' }),
  ],
  columns: [
    'registration',
    'externalDataRegistration',
    'status',
    'fileDate',
    'type',
    'format',
    'scheme',
    'requestedDate',
    'count',
    column('totalAmount', { currencyField: 'currency' }),
    'currency',
    'organizationRegistration',
    'documentRegistration',
  ],
  statuses: ['DRAFT', 'GENERATED', 'SENT', 'ACCEPTED', 'PARTIALLY_REJECTED', 'REJECTED', 'CANCELLED'],
  workflow: () => [
    t('GENERATE', 'DRAFT', 'GENERATED'),
    t('UNDO_GENERATE', 'GENERATED', 'DRAFT', { label: 'Back to draft', icon: 'RollbackOutlined', action: 'UNDO' }),
    t('SEND', 'GENERATED', 'SENT', {
      confirm: 'Send payment file {registration} of {totalAmount} to the bank? Its lines can then no longer change.',
      sideEffects: ['sendPaymentFileLines'],
    }),
    t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE', hidden: true }),
    t('REJECT_PARTIALLY', 'SENT', 'PARTIALLY_REJECTED', {
      label: 'Partially rejected',
      icon: 'WarningOutlined',
      hidden: true,
    }),
    t('REJECT', 'SENT', 'REJECTED', { hidden: true }),
    t('CANCEL', ['DRAFT', 'GENERATED'], 'CANCELLED', {
      confirm: 'Cancel payment file {registration} of {totalAmount}? Its lines go back to be collected again.',
      sideEffects: ['cancelPaymentFileLines'],
    }),
  ],
  readOnly: true,
  menu: { section: 'Billing', order: 50 },
  labels: {
    fr: {
      singular: 'Fichier de paiement',
      plural: 'Fichiers de paiement',
      texts: {
        'Message ID': 'Identifiant du message',
        IBAN: 'IBAN',
        BIC: 'BIC',
        Format: 'Format',
        Scheme: 'Schéma SEPA',
        'Requested date': 'Date demandée',
        'Due until': 'Échues jusqu’au',
        'Organization registration': 'Organisation',
        'Creditor identifier': 'Identifiant créancier SEPA',
        Count: 'Nombre de lignes',
        'Total amount': 'Montant total',
        'Document registration': 'Document',
        'Batch registration': 'Traitement',
        'Error message': 'Message d’erreur',
        Organization: 'Organisation',
        Batch: 'Traitement',
      },
    },
  },
  screens: { list: 'paymentFiles', detail: 'paymentFile', listPage: { addButton: false } },
});
