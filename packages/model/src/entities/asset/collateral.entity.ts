import { defineEntity } from '../../entity.ts';
import { currency, date, link, percentage, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

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
    contractRegistration: link('Contract'),
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
  statuses: ['DRAFT', 'REQUESTED', 'RECEIVED', 'ACTIVE', 'CALLED', 'RELEASED', 'CANCELLED'],
  workflow: (kind) => [
    t('REQUEST', 'DRAFT', 'REQUESTED'),
    t('RECEIVE', 'REQUESTED', 'RECEIVED'),
    t('ACTIVATE', 'RECEIVED', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
    t('CALL', 'ACTIVE', 'CALLED', { permission: approver(kind) }),
    t('RELEASE', ['ACTIVE', 'CALLED'], 'RELEASED'),
    t('CANCEL', ['DRAFT', 'REQUESTED', 'RECEIVED'], 'CANCELLED'),
  ],
  menu: { section: 'Financing', order: 110 },
  labels: { fr: { singular: 'Garantie', plural: 'Garanties' } },
});
