import { defineEntity } from '../../entity.ts';
import { currency, date, link, percentage, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';

/** A guarantee securing a contract (deposit, pledge, personal guarantee…). */
export const collateral = defineEntity({
  name: 'Collateral',
  route: 'asset/collaterals',
  prefix: 'COL',
  typeList: 'collateralType',
  fields: {
    description: textarea(),
    startDate: date(),
    endDate: date(),
    amount: currency(),
    percentage: percentage(),
    personRegistration: link('Person'),
  },
  search: [
    'registration',
    equal('status'),
    regex('name'),
    regex('description'),
    range('startDate'),
    range('endDate'),
    range('amount'),
    range('percentage'),
    equal('personRegistration'),
    equal('type'),
  ],
  columns: [
    'registration',
    'status',
    'name',
    'description',
    'startDate',
    'endDate',
    'amount',
    'percentage',
    'personRegistration',
    'type',
  ],
});
