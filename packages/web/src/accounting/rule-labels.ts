import type { TFunction } from 'i18next';

/** The words of the rule editor shown for the rules' codes, translated where they are shown. */
export const eventTypeLabel = (t: TFunction, type: string): string =>
  t(
    {
      INVOICE_ISSUED: 'Invoice issued',
      CREDIT_NOTE: 'Credit note',
      PAYMENT_RECEIVED: 'Payment received',
      PAYMENT_RETURNED: 'Payment returned',
      REJECTION_FEE: 'Rejection fee',
      LATE_INTEREST: 'Late interest',
      ASSET_PURCHASE: 'Asset purchase',
      CONTRACT_ACTIVATION: 'Contract activation',
      INTEREST_ACCRUAL: 'Interest accrual',
      RENTAL_INCOME: 'Rental income',
      DEPRECIATION: 'Depreciation',
      TERMINATION: 'Termination',
      WRITE_OFF: 'Write-off',
    }[type] ?? type,
  );

export const prLabel = (t: TFunction, pr: string): string => t({ R: 'Receivable', P: 'Payable' }[pr] ?? pr);
export const leaseKindLabel = (t: TFunction, kind: string): string =>
  t({ FINANCE: 'Finance lease', OPERATING: 'Operating lease' }[kind] ?? kind);
export const axisLabel = (t: TFunction, axis: string): string =>
  t({ product: 'Product', organization: 'Organization', taxCode: 'Tax code', contract: 'Contract' }[axis] ?? axis);
