import { defineEntity } from '../../entity.ts';
import { currency, date, link, persons, select } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';

export const maintenance = defineEntity({
  name: 'Maintenance',
  route: 'asset/maintenances',
  prefix: 'MNT',
  typeList: 'maintenanceType',
  fields: {
    assetRegistration: link('Asset'),
    persons: persons(),
    submitDate: date(),
    returnDate: date(),
    validationDate: date(),
    amountExclTax: currency(),
    amountInclTax: currency(),
    currency: select('currency'),
  },
  search: [
    'registration',
    regex('organization', { field: 'organization.name' }),
    equal('assetRegistration'),
    equal('status'),
    regex('name'),
    equal('type'),
    person('supplier', ['SUPPLIER']),
    range('submitDate'),
    range('returnDate'),
    range('validationDate'),
    range('amountExclTax'),
    range('amountInclTax'),
  ],
  columns: [
    'registration',
    'organization.name',
    'assetRegistration',
    'status',
    'name',
    'type',
    column('persons', { render: 'object', label: 'Supplier' }),
    'submitDate',
    'returnDate',
    'validationDate',
    column('amountExclTax', { currencyField: 'currency' }),
    column('amountInclTax', { currencyField: 'currency' }),
  ],
});
