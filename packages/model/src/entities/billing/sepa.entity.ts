import { defineEntity } from '../../entity.ts';
import { link, persons, select } from '../../fields.ts';
import { equal } from '../../search.ts';

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
});
