import { defineEntity } from '../../entity.ts';
import { currency, iban, link, select, text } from '../../fields.ts';
import { column, equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * One of the tenant's own bank accounts (treasury). `balance` is the opening balance on create;
 * afterwards balance and overdraft limit change only through the treasury operations
 * (POST /api/bank/move-money, /arbitration, /set-overdraft), each with its BankOperation and
 * History rows. `available` = balance + overdraftLimit, kept by the server.
 */
export const bankAccount = defineEntity({
  name: 'BankAccount',
  route: 'bank/bank-accounts',
  prefix: 'BA',
  fields: {
    iban: iban({ label: 'IBAN', mandatory: true }),
    bic: text({ label: 'BIC' }),
    bankName: text(),
    currency: select('currency'),
    organizationRegistration: link('Person'),
    balance: currency(),
    overdraftLimit: currency({ min: 0 }),
    available: currency({ readOnly: true }),
  },
  writeHooks: 'bankAccount',
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('iban'),
    equal('organizationRegistration'),
    equal('currency'),
  ],
  columns: [
    'registration',
    'status',
    'name',
    'iban',
    'bankName',
    'organizationRegistration',
    column('balance', { currencyField: 'currency' }),
    column('overdraftLimit', { currencyField: 'currency' }),
    column('available', { currencyField: 'currency' }),
    'currency',
  ],
  statuses: ['DRAFT', 'ACTIVE', 'BLOCKED', 'CLOSED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('BLOCK', 'ACTIVE', 'BLOCKED'),
    t('UNBLOCK', 'BLOCKED', 'ACTIVE'),
    t('CLOSE', ['ACTIVE', 'BLOCKED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  ],
  menu: { section: 'Banking', order: 10 },
  labels: {
    fr: {
      singular: 'Compte bancaire',
      plural: 'Comptes bancaires',
      texts: {
        IBAN: 'IBAN',
        BIC: 'BIC',
        'Bank name': 'Nom de la banque',
        'Organization registration': 'Organisation',
        Balance: 'Solde',
        'Overdraft limit': 'Découvert autorisé',
        Available: 'Disponible',
      },
    },
  },
});
