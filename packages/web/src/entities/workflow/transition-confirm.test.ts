import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import type { SideEffectName } from '@lbo/model/workflow/workflow';
import { defaultWorkflows } from '@lbo/model/workflow/workflows';
import { confirmQuestion } from './transition-confirm.tsx';

const invoice = entityByName('Invoice')!;
const paymentFile = entityByName('PaymentFile')!;

/** Side effects that issue a document, book a loss or send money matters out: none may run unasked. */
const irreversible: SideEffectName[] = [
  'assignInvoiceNumber',
  'cancelInvoice',
  'writeOffInvoice',
  'sendPaymentFileLines',
  'cancelPaymentFileLines',
  'createContractFromDeal',
  'activateContract',
  'applyAmendment',
  'postBooking',
  'reverseBooking',
];

describe('the question an irreversible transition asks', () => {
  it('cancelling an issued invoice says it issues a credit note, with its amount in its currency', () => {
    const question = confirmQuestion(
      invoice,
      'CANCEL',
      {
        registration: 'INV000007',
        invoiceNumber: '2026-ORG1-000004',
        status: 'ISSUED',
        amountInclTax: 1490.18,
        currency: 'EUR',
      },
      'en-EU',
    );
    expect(question).toMatch(/^Cancel invoice 2026-ORG1-000004\? A credit note of 1[,.]?490\.18 € will be issued\.$/);
  });

  it('a draft is asked about differently, and the write-off names the balance lost', () => {
    expect(confirmQuestion(invoice, 'CANCEL', { registration: 'INV000008', status: 'DRAFT' }, 'en-EU')).toBe(
      'Cancel draft invoice INV000008? It cannot be issued afterwards.',
    );
    expect(
      confirmQuestion(
        invoice,
        'WRITE_OFF',
        { invoiceNumber: 'N1', status: 'PARTIALLY_PAID', totalBalance: 20, currency: 'EUR' },
        'en-EU',
      ),
    ).toMatch(/Its balance of 20\.00 € is booked as a loss/);
    expect(
      confirmQuestion(paymentFile, 'CANCEL', { registration: 'PAY000002', totalAmount: 5, currency: 'EUR' }, 'en-EU'),
    ).toMatch(/^Cancel payment file PAY000002 of 5\.00 €\?/);
  });

  it('an ordinary step asks nothing', () => {
    expect(confirmQuestion(invoice, 'PAY', { status: 'ISSUED' }, 'en-EU')).toBeUndefined();
    expect(confirmQuestion(paymentFile, 'GENERATE', { status: 'DRAFT' }, 'en-EU')).toBeUndefined();
  });

  it('every transition of the default workflows running an irreversible side effect asks first', () => {
    const unasked = defaultWorkflows().flatMap((workflow) =>
      workflow.transitions
        .filter((tr) => !tr.hidden && tr.sideEffects.some((effect) => irreversible.includes(effect)) && !tr.confirm)
        .map((tr) => `${workflow.entity}.${tr.code}`),
    );
    expect(unasked).toEqual([]);
  });
});
