import { defineEntity } from '../../entity.ts';
import { currency, select } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

export const fund = defineEntity({
  name: 'Fund',
  route: 'financing/funds',
  prefix: 'FND',
  typeList: 'fundType',
  fields: {
    financingType: select('financingType'),
    financingNature: select('financingNature'),
    financingFinality: select('financingFinality'),
    managementType: select('managementType'),
    creditLimit: currency(),
    outstanding: currency(),
    available: currency(),
    currency: select('currency'),
  },
  search: [
    equal('status'),
    regex('name'),
    equal('type'),
    equal('financingType'),
    equal('financingNature'),
    equal('financingFinality'),
    equal('managementType'),
    range('creditLimit'),
    range('outstanding'),
    range('available'),
  ],
  columns: [
    'registration', // links the row
    'status',
    'name',
    'type',
    'financingType',
    'financingNature',
    'financingFinality',
    'managementType',
    column('creditLimit', { currencyField: 'currency' }),
    column('outstanding', { currencyField: 'currency' }),
    column('available', { currencyField: 'currency' }),
  ],
  statuses: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'CLOSED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
    t('RESUME', 'SUSPENDED', 'ACTIVE'),
    t('CLOSE', ['ACTIVE', 'SUSPENDED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  ],
  menu: { section: 'Financing', order: 90 },
  labels: { fr: { singular: 'Fonds', plural: 'Fonds' } },
});
