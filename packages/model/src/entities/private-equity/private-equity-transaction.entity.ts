import { defineEntity } from '../../entity.ts';
import { currency, date, link, select, text } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A cash movement of a fund (docs/private-equity.md): a capital call, a distribution, the price
 * paid or received for an operation, a fee. The holding's performance is read from its
 * operations; transactions are the cash legs the back office settles and reconciles.
 */
export const privateEquityTransaction = defineEntity({
  name: 'PrivateEquityTransaction',
  route: 'private-equity/transactions',
  prefix: 'PET',
  typeList: 'privateEquityTransactionType',
  fields: {
    assetRegistration: link('PrivateEquityAsset', { label: 'Holding' }),
    operationRegistration: link('PrivateEquityOperation', { label: 'Operation' }),
    transactionDate: date(),
    amount: currency({ min: 0 }),
    currency: select('currency'),
    bankReference: text({ max: 100 }),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('asset', { field: 'assetRegistration' }),
    equal('operation', { field: 'operationRegistration' }),
    range('transactionDate'),
  ],
  columns: [
    'registration',
    'status',
    'name',
    'type',
    'assetRegistration',
    'operationRegistration',
    'transactionDate',
    'amount',
    'currency',
  ],
  statuses: ['DRAFT', 'VALIDATED', 'SETTLED', 'CANCELLED'],
  workflow: () => [
    t('VALIDATE', 'DRAFT', 'VALIDATED'),
    t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
    t('SETTLE', 'VALIDATED', 'SETTLED'),
    t('CANCEL', ['DRAFT', 'VALIDATED'], 'CANCELLED'),
  ],
  menu: { section: 'Private equity', order: 30 },
  labels: {
    fr: {
      singular: 'Transaction de capital-investissement',
      plural: 'Transactions de capital-investissement',
      texts: {
        Holding: 'Participation',
        Operation: 'Opération',
        'Transaction date': 'Date de la transaction',
        Amount: 'Montant',
        Currency: 'Devise',
        'Bank reference': 'Référence bancaire',
      },
    },
  },
});
