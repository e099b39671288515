import { defineEntity } from '../../entity.ts';
import { currency, date, link, text } from '../../fields.ts';
import { t } from '../../workflow/workflow.ts';

/** A business event to be posted; like a posting without debit/credit side and type. */
export const postingEvent = defineEntity({
  name: 'PostingEvent',
  route: 'accounting/posting-events',
  prefix: 'PEV',
  fields: {
    eventType: text(),
    date: date(),
    account: text(),
    secondaryAccount: text(),
    amount: currency(),
    documentReference: text(),
    auditTrailReference: text(),
    code: text(),
    assetRegistration: link('Asset'),
    personRegistration: link('Person'),
    invoiceRegistration: link('Invoice'),
    contractRegistration: link('Contract'),
    cashflowRegistration: link('Cashflow'),
    creditLineRegistration: link('CreditLine'),
  },
  columns: [
    'registration',
    'eventType',
    'status',
    'name',
    'date',
    'account',
    'secondaryAccount',
    'amount',
    'documentReference',
    'auditTrailReference',
    'code',
    'assetRegistration',
    'personRegistration',
    'invoiceRegistration',
    'contractRegistration',
    'cashflowRegistration',
    'creditLineRegistration',
  ],
  statuses: ['PENDING', 'PROCESSED', 'IGNORED', 'ERROR'],
  workflow: () => [
    t('PROCESS', 'PENDING', 'PROCESSED', { action: 'COMPLETE', hidden: true }),
    t('FAIL', 'PENDING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'PENDING'),
    t('IGNORE', ['PENDING', 'ERROR'], 'IGNORED'),
  ],
  menu: { section: 'Accounting', order: 20 },
  labels: { fr: { singular: 'Événement comptable', plural: 'Événements comptables' } },
});
