import { defineEntity } from '../../entity.ts';
import { currency, date, link, select, text } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A treasury operation between the tenant's own bank accounts: MOVE and ARBITRATION debit
 * `fromAccount` and credit `toAccount` when executed (POST /api/bank/move-money, /arbitration);
 * OVERDRAFT_CHANGE records a new overdraft limit of `toAccount` (`amount`), POST /api/bank/set-overdraft.
 */
export const bankOperation = defineEntity({
  name: 'BankOperation',
  route: 'bank/bank-operations',
  prefix: 'BO',
  fields: {
    fromAccount: link('BankAccount', { readOnly: true }),
    toAccount: link('BankAccount', { readOnly: true }),
    amount: currency({ readOnly: true }),
    currency: select('currency', { readOnly: true }),
    valueDate: date({ readOnly: true }),
    reason: text({ readOnly: true }),
    executedDate: date({ readOnly: true }),
  },
  readOnly: true,
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('fromAccount'),
    equal('toAccount'),
    range('valueDate'),
  ],
  columns: [
    'registration',
    'status',
    'type',
    'fromAccount',
    'toAccount',
    column('amount', { currencyField: 'currency' }),
    'currency',
    'valueDate',
    'executedDate',
    'reason',
  ],
  statuses: ['DRAFT', 'PENDING', 'EXECUTED', 'REJECTED', 'CANCELLED'],
  workflow: () => [
    t('SUBMIT', 'DRAFT', 'PENDING', { label: 'Send for execution' }),
    t('EXECUTE', 'PENDING', 'EXECUTED'),
    t('REJECT', 'PENDING', 'REJECTED'),
    t('CANCEL', ['DRAFT', 'PENDING'], 'CANCELLED'),
  ],
  menu: { section: 'Banking', order: 20 },
  labels: {
    fr: {
      singular: 'Opération bancaire',
      plural: 'Opérations bancaires',
      texts: {
        'From account': 'Compte débité',
        'To account': 'Compte crédité',
        'Value date': 'Date de valeur',
        'Executed date': "Date d'exécution",
      },
    },
  },
});
