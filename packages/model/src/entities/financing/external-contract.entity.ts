import { defineEntity } from '../../entity.ts';
import { currency, date, link, select, text, textarea } from '../../fields.ts';
import { checkBounds } from './catalog-item-rules.ts';
import { equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A financing a client holds with another lender (a loan, a lease elsewhere), recorded to weigh
 * their debt when a deal is decided: what they owe and pay each period.
 */
export const externalContract = defineEntity({
  name: 'ExternalContract',
  route: 'financing/external-contracts',
  prefix: 'ECT',
  statuses: ['DRAFT', 'ACTIVE', 'TERMINATED', 'CANCELLED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
    t('TERMINATE', 'ACTIVE', 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
    t('CANCEL', 'DRAFT', 'CANCELLED'),
  ],
  fields: {
    clientRegistration: link('Person', { mandatory: true, label: 'Client' }),
    lender: text({ max: 200 }),
    externalReference: text(),
    financedAmount: currency({ min: 0 }),
    outstandingAmount: currency({ min: 0 }),
    instalmentAmount: currency({ min: 0 }),
    frequency: select('frequency'),
    currency: select('currency'),
    startDate: date(),
    endDate: date(),
    activationDate: date({ readOnly: true }),
    terminationDate: date({ readOnly: true }),
    description: textarea(),
  },
  check: (doc) => {
    checkBounds(doc, 'startDate', 'endDate');
    checkBounds(doc, 'outstandingAmount', 'financedAmount');
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('client', { field: 'clientRegistration' }),
    regex('lender'),
    equal('externalReference'),
    range('endDate'),
  ],
  columns: [
    'registration',
    'type',
    'name',
    'status',
    'clientRegistration',
    'lender',
    'financedAmount',
    'outstandingAmount',
    'instalmentAmount',
    'currency',
    'endDate',
  ],
  menu: { section: 'Financing', order: 25 },
  labels: {
    fr: {
      singular: 'Contrat externe',
      plural: 'Contrats externes',
      texts: {
        Client: 'Client',
        Lender: 'Prêteur',
        'Outstanding amount': 'Encours',
        'Instalment amount': "Montant de l'échéance",
      },
    },
  },
});
