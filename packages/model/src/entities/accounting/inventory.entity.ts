import { defineEntity } from '../../entity.ts';
import { currency, date, datetime, integer, link, list, select, text } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * A dated snapshot of the books: the balance of every account and currency at a date (of one
 * organization, or all), taken from the postings (server/src/accounting/inventories.ts). Taken
 * when started, taken again when completed, kept as it is once validated: what the books said
 * that day, to compare with what they say later.
 */
export const inventory = defineEntity({
  name: 'Inventory',
  route: 'accounting/inventories',
  prefix: 'IVT',
  plural: 'inventories',
  statuses: ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'VALIDATED', 'CANCELLED'],
  frozenIn: ['VALIDATED'],
  fields: {
    date: date({ mandatory: true }),
    organizationRegistration: link('Person'),
    currency: select('currency'),
    balances: list(
      {
        account: text(),
        label: text(),
        currency: select('currency'),
        debit: currency(),
        credit: currency(),
        balance: currency(),
      },
      { readOnly: true },
    ),
    // Per currency: the sums of the lines (debit minus credit adds up to zero when the books balance).
    totalDebit: currency({ readOnly: true }),
    totalCredit: currency({ readOnly: true }),
    accountCount: integer({ readOnly: true }),
    takenAt: datetime({ readOnly: true }),
    validationDate: date({ readOnly: true }),
  },
  search: ['registration', regex('name'), equal('status'), range('date')],
  columns: [
    'registration',
    'status',
    'name',
    'date',
    'organizationRegistration',
    column('totalDebit', { currencyField: 'currency' }),
    column('totalCredit', { currencyField: 'currency' }),
    'validationDate',
  ],
  workflow: (kind) => [
    t('START', 'DRAFT', 'IN_PROGRESS', { requiredFields: ['date'], sideEffects: ['snapshotBalances'] }),
    t('COMPLETE', 'IN_PROGRESS', 'COMPLETED', { action: 'DO', sideEffects: ['snapshotBalances'] }),
    t('UNDO_COMPLETE', 'COMPLETED', 'IN_PROGRESS', {
      label: 'Back to in progress',
      icon: 'RollbackOutlined',
      action: 'UNDO',
    }),
    t('VALIDATE', 'COMPLETED', 'VALIDATED', {
      action: 'COMPLETE',
      permission: approver(kind),
      sideEffects: ['stampValidationDate'],
    }),
    t('CANCEL', ['DRAFT', 'IN_PROGRESS'], 'CANCELLED'),
  ],
  menu: { section: 'Accounting', order: 40 },
  labels: {
    fr: {
      singular: 'Inventaire des soldes',
      plural: 'Inventaires des soldes',
      texts: {
        Balances: 'Soldes',
        Account: 'Compte',
        Label: 'Libellé',
        Debit: 'Débit',
        Credit: 'Crédit',
        Balance: 'Solde',
        'Total debit': 'Total débit',
        'Total credit': 'Total crédit',
        'Account count': 'Nombre de comptes',
        'Taken at': 'Relevé le',
        'Validation date': 'Date de validation',
        'Back to in progress': 'Reprendre',
      },
    },
  },
});
