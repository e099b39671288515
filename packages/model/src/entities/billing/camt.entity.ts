import { defineEntity } from '../../entity.ts';
import { date, datetime, integer, link, text } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * One imported ISO 20022 bank file (camt.053 statement or camt.054 notification, versions .02,
 * .04, .08): its message, its statements (BankStatement) and their entries (BankTransaction),
 * and what matching made of them. Written by the import only (server banking/statements).
 */
export const camt = defineEntity({
  name: 'Camt',
  route: 'billing/camts',
  prefix: 'CAM',
  fields: {
    messageId: text({ label: 'Message ID', readOnly: true }),
    version: text({ readOnly: true }),
    creationDate: datetime({ readOnly: true }),
    importDate: date({ readOnly: true }),
    fileName: text({ readOnly: true }),
    documentRegistration: link('Document', { readOnly: true }),
    batchRegistration: link('Batch', { readOnly: true }),
    // Why a background import ended in ERROR (its batch's last log line).
    errorMessage: text({ readOnly: true }),
    statementCount: integer({ readOnly: true }),
    entryCount: integer({ readOnly: true }),
    transactionCount: integer({ readOnly: true }),
    matchedCount: integer({ readOnly: true }),
    returnedCount: integer({ readOnly: true }),
    unmatchedCount: integer({ readOnly: true }),
    duplicateCount: integer({ readOnly: true }),
  },
  search: ['registration', regex('name'), equal('status'), equal('type'), equal('messageId'), range('importDate')],
  columns: [
    'registration',
    'status',
    'name',
    'type',
    'version',
    'messageId',
    'creationDate',
    'importDate',
    'statementCount',
    'transactionCount',
    'matchedCount',
    'returnedCount',
    'unmatchedCount',
  ],
  // IMPORTING: a large file written by a background batch (batchRegistration), then matched (PROCESSING).
  statuses: ['DRAFT', 'IMPORTING', 'IMPORTED', 'PROCESSING', 'PROCESSED', 'ERROR'],
  workflow: () => [
    t('IMPORT', 'DRAFT', 'IMPORTED'),
    t('QUEUE', 'DRAFT', 'IMPORTING', { hidden: true }),
    t('PROCESS', ['IMPORTED', 'IMPORTING'], 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
    t('FAIL', ['IMPORTING', 'PROCESSING'], 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'IMPORTED'),
  ],
  readOnly: true,
  menu: { section: 'Billing', order: 40 },
  labels: {
    fr: {
      singular: 'Relevé camt',
      plural: 'Relevés camt',
      texts: {
        'Message ID': 'Identifiant du message',
        Version: 'Version',
        'Creation date': 'Date de création',
        'Import date': "Date d'import",
        'File name': 'Nom du fichier',
        'Document registration': 'Document',
        'Batch registration': 'Traitement',
        'Statement count': 'Relevés',
        'Entry count': 'Écritures',
        'Transaction count': 'Transactions',
        'Matched count': 'Rapprochées',
        'Returned count': 'Rejetées',
        'Unmatched count': 'Non rapprochées',
        'Duplicate count': 'Déjà importées',
      },
    },
  },
  screens: { detailByIdOnly: true, list: 'camts', detail: 'camt' },
});
