import { defineEntity } from '../../entity.ts';
import { link, persons, select } from '../../fields.ts';
import { equal } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** A SEPA file of direct debits or credit transfers. */
export const sepa = defineEntity({
  name: 'Sepa',
  route: 'billing/sepas',
  prefix: 'SEP',
  fields: {
    persons: persons(),
    bankAccountRegistration: link('BankAccount'),
    method: select('paymentMode'),
  },
  search: [
    'registration',
    equal('person', { field: 'persons.personRegistration', entity: 'Person' }),
    equal('status'),
    equal('bank', { field: 'bankAccountRegistration' }),
    equal('method'),
  ],
  statuses: ['DRAFT', 'PENDING_SIGNATURE', 'ACTIVE', 'SUSPENDED', 'REVOKED', 'EXPIRED'],
  /** A SEPA direct-debit mandate: signed by the debtor, then usable until revoked or expired. */
  workflow: () => [
    t('REQUEST_SIGNATURE', 'DRAFT', 'PENDING_SIGNATURE'),
    t('SIGN', 'PENDING_SIGNATURE', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
    t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
    t('RESUME', 'SUSPENDED', 'ACTIVE'),
    t('EXPIRE', ['ACTIVE', 'SUSPENDED'], 'EXPIRED'),
    t('REVOKE', ['PENDING_SIGNATURE', 'ACTIVE', 'SUSPENDED'], 'REVOKED'),
  ],
  menu: { section: 'Billing', order: 30 },
  labels: {
    en: { singular: 'SEPA mandate', plural: 'SEPA mandates' },
    fr: { singular: 'Mandat SEPA', plural: 'Mandats SEPA' },
  },
  screens: { detailByIdOnly: true },
});
