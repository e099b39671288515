import { defineEntity } from '../../entity.ts';
import { currency, date, link, persons, select, text } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A payment received (pr R) or made (pr P): a transfer, a cheque, a card payment, later a bank
 * statement's line. Its allocations (CashflowAllocation) settle invoices; `allocatedAmount` and
 * `unallocatedAmount` are kept by them (server billing/cashflows), never typed.
 */
export const cashflow = defineEntity({
  name: 'Cashflow',
  route: 'billing/cashflows',
  prefix: 'CF',
  typeList: 'cashflowType',
  fields: {
    pr: select('pr', { mandatory: true }),
    paymentMode: select('paymentMode'),
    amount: currency({ mandatory: true, min: 0 }),
    currency: select('currency', { mandatory: true }),
    valueDate: date({ mandatory: true }),
    persons: persons(),
    bankReference: text(),
    contractRegistration: link('Contract'),
    allocatedAmount: currency({ readOnly: true }),
    unallocatedAmount: currency({ readOnly: true }),
  },
  search: [
    'registration', regex('name'), equal('type'), equal('status'), equal('pr'), equal('paymentMode'), equal('currency'),
    range('valueDate'), range('amount'), equal('bankReference'), regex('contract', { field: 'contractRegistration' }),
    person('payer', ['PAYER']), person('payee', ['PAYEE']),
  ],
  columns: [
    'registration', 'status', 'name', 'type', 'pr', 'paymentMode', 'valueDate',
    column('persons', { render: 'object', label: 'Payer / payee' }),
    column('amount', { currencyField: 'currency' }),
    column('allocatedAmount', { currencyField: 'currency' }),
    column('unallocatedAmount', { currencyField: 'currency' }),
    'currency', 'bankReference', 'contractRegistration',
  ],
  textSearch: ['registration', 'name', 'type', 'status', 'pr', 'paymentMode', 'bankReference', 'contractRegistration', 'persons.personRegistration', 'persons.name'],
  statuses: ['DRAFT', 'PENDING', 'PARTIALLY_ALLOCATED', 'ALLOCATED', 'CANCELLED'],
  workflow: () => [
    t('VALIDATE', 'DRAFT', 'PENDING'),
    // The allocations move a cashflow: these are the system's, kept out of menus.
    t('ALLOCATE_PARTIALLY', 'PENDING', 'PARTIALLY_ALLOCATED', { hidden: true }),
    t('ALLOCATE', ['PENDING', 'PARTIALLY_ALLOCATED'], 'ALLOCATED', { hidden: true }),
    t('UNALLOCATE', ['PARTIALLY_ALLOCATED', 'ALLOCATED'], 'PENDING', { hidden: true, label: 'Unallocate', icon: 'DisconnectOutlined', action: 'UNDO' }),
    t('UNALLOCATE_PARTIALLY', 'ALLOCATED', 'PARTIALLY_ALLOCATED', { hidden: true, label: 'Unallocate partially', icon: 'DisconnectOutlined', action: 'UNDO' }),
    t('CANCEL', ['DRAFT', 'PENDING'], 'CANCELLED'),
  ],
  writeHooks: 'cashflow',
  screens: { detail: 'cashflow' },
  menu: { section: 'Billing', order: 20 },
  labels: {
    fr: {
      singular: 'Flux de trésorerie', plural: 'Flux de trésorerie',
      texts: {
        'Value date': 'Date de valeur', 'Bank reference': 'Référence bancaire', 'Allocated amount': 'Montant affecté',
        'Unallocated amount': 'Montant non affecté', 'Unallocate': 'Désaffecter', 'Unallocate partially': 'Désaffecter partiellement',
        'Reverse payment': 'Contrepasser le paiement', 'Reverse payment partially': 'Contrepasser le paiement en partie',
        // The cashflow screen's Allocations card.
        'Allocations': 'Affectations', 'Oldest first': 'Plus anciennes d’abord',
        'By hand': 'Manuellement', 'Open invoices of the payer': 'Factures ouvertes du payeur', 'Invoice balance': 'Solde de la facture',
        'Amount to allocate': 'Montant à affecter', 'Reverse this allocation?': 'Contrepasser cette affectation ?',
        'No allocation yet': 'Aucune affectation', 'No open invoice': 'Aucune facture ouverte',
        '{n} allocation(s) made': '{n} affectation(s) effectuée(s)', 'Allocation reversed': 'Affectation contrepassée',
        'Left to allocate: {amount}': 'Reste à affecter : {amount}', 'Validate the cashflow before allocating it': 'Validez le flux avant de l’affecter',
        'Allocate the selected amounts': 'Affecter les montants choisis',
      },
    },
  },
});
