import { defineEntity } from '../../entity.ts';
import { currency, date, link, select } from '../../fields.ts';
import { column, equal, range } from '../../search.ts';
import { ledgerTransitions } from '../../workflow/shared-transitions.ts';

/**
 * The part of a cashflow that settles one invoice. Validating it applies it (the invoice's balance
 * and status, its paid schedule lines, the cashflow's allocated amounts, the contract's arrears);
 * reversing it puts all of that back. Both in the transition's transaction (server billing/cashflows).
 * A validated allocation is undone only by its reversal, never by going back to draft.
 */
export const cashflowAllocation = defineEntity({
  name: 'CashflowAllocation',
  route: 'billing/cashflow-allocations',
  prefix: 'CFA',
  typeList: 'cashflowAllocationType',
  fields: {
    cashflowRegistration: link('Cashflow', { mandatory: true }),
    invoiceRegistration: link('Invoice', { mandatory: true }),
    contractRegistration: link('Contract', { readOnly: true }),
    amount: currency({ mandatory: true, min: 0 }),
    currency: select('currency', { readOnly: true }),
    date: date(),
    pr: select('pr', { label: 'Payable or receivable', readOnly: true }),
    validationDate: date({ readOnly: true }),
    reversalDate: date({ readOnly: true }),
    // Reversed because the bank returned the direct debit (banking/returns): posted as PAYMENT_RETURNED, not as a correction.
    returnReasonCode: select('sepaReturnReason', { readOnly: true }),
    returnDate: date({ readOnly: true }),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('cashflowRegistration'),
    equal('invoiceRegistration'),
    equal('contractRegistration'),
    range('date'),
    range('amount'),
    equal('currency'),
  ],
  columns: [
    'registration',
    'status',
    'type',
    'cashflowRegistration',
    'invoiceRegistration',
    'contractRegistration',
    column('amount', { currencyField: 'currency' }),
    'currency',
    'date',
    'validationDate',
    'reversalDate',
  ],
  statuses: ['DRAFT', 'VALIDATED', 'EXPORTED', 'REVERSED', 'CANCELLED'],
  // Applied, an allocation is money moved: only its workflow (REVERSE) undoes it.
  frozenIn: ['VALIDATED', 'EXPORTED', 'REVERSED'],
  workflow: (kind) =>
    ledgerTransitions(kind)
      .filter((tr) => tr.code !== 'UNDO_VALIDATE')
      .map((tr) => {
        if (tr.code === 'VALIDATE')
          return {
            ...tr,
            sideEffects: [...(tr.sideEffects ?? []), 'applyCashflowAllocation' as const, 'recordPostingEvent' as const],
          };
        if (tr.code === 'REVERSE')
          return { ...tr, sideEffects: ['reverseCashflowAllocation' as const, 'recordPostingEvent' as const] };
        return tr;
      }),
  menu: { section: 'Billing', order: 25 },
  labels: {
    fr: {
      singular: 'Affectation de flux',
      plural: 'Affectations de flux',
      texts: {
        'Payable or receivable': 'Payable ou recevable',
        'Reversal date': 'Date de contrepassation',
        'Return reason code': 'Motif du rejet',
        'Return date': 'Date de retour',
      },
    },
  },
});
