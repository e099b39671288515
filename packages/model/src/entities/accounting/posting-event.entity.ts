import { defineEntity } from '../../entity.ts';
import { currency, date, link, text } from '../../fields.ts';

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
});
