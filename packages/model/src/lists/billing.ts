import { items, type ListItem } from './item.ts';

/** Tax codes and their rates as decimal strings: one table, so a code's label and rate cannot disagree. */
export const taxRates: Record<string, string> = {
  VAT20: '0.2',
  VAT10: '0.1',
  VAT85: '0.085',
  VAT55: '0.055',
  VAT21: '0.021',
  VAT0: '0',
};

/**
 * `0.085` → `8.5`: the rate times 100, by moving its decimal point (exact, and without a decimal
 * library on the screens that only show the code's label).
 */
export function percent(rate: string): string {
  const [whole, fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).replace(/0+$/, '');
  return decimals ? `${integer}.${decimals}` : integer;
}

/** Invoicing, payment, tax and accounting code tables. */
export const billingLists: Record<string, ListItem[]> = {
  taxCode: Object.entries(taxRates).map(([value, rate]) => ({
    value,
    label: { en: `VAT ${percent(rate)}%`, fr: `TVA ${percent(rate).replace('.', ',')} %` },
  })),
  vatScheme: items([
    ['STANDARD', 'Standard scheme', 'Régime réel normal'],
    ['SIMPLIFIED', 'Simplified scheme', 'Régime réel simplifié'],
    ['FRANCHISE', 'Small business exemption', 'Franchise en base'],
    ['EXEMPT', 'Exempt', 'Exonéré'],
    ['REVERSE_CHARGE', 'Reverse charge', 'Autoliquidation'],
    ['INTRA_EU', 'Intra-EU supply', 'Livraison intracommunautaire'],
  ]),
  invoiceType: items([
    ['INVOICE', 'Invoice', 'Facture'],
    ['CREDIT_NOTE', 'Credit note', 'Avoir'],
    ['RENT_NOTICE', 'Rent notice', "Avis d'échéance"],
    ['DEPOSIT', 'Down-payment invoice', "Facture d'acompte"],
    ['PROFORMA', 'Pro forma', 'Facture pro forma'],
  ]),
  invoiceLineType: items([
    ['RENT', 'Rent', 'Loyer'],
    ['INTEREST', 'Interest', 'Intérêts'],
    ['PRINCIPAL', 'Principal', 'Capital'],
    ['FEE', 'Fee', 'Frais'],
    ['INSURANCE', 'Insurance', 'Assurance'],
    ['SERVICE', 'Service', 'Prestation'],
    ['PENALTY', 'Late payment penalty', 'Pénalité de retard'],
    ['REJECTION_FEE', 'Direct debit rejection fee', 'Frais de rejet de prélèvement'],
    ['LATE_INTEREST', 'Late-payment interest', 'Intérêts de retard'],
    ['DISCOUNT', 'Discount', 'Remise'],
  ]),
  paymentMode: items([
    ['SEPA_DIRECT_DEBIT', 'SEPA direct debit', 'Prélèvement SEPA'],
    ['TRANSFER', 'Bank transfer', 'Virement'],
    ['CHECK', 'Cheque', 'Chèque'],
    ['CARD', 'Card', 'Carte bancaire'],
    ['CASH', 'Cash', 'Espèces'],
  ]),
  paymentCondition: items([
    ['ON_RECEIPT', 'On receipt', 'À réception'],
    ['NET_15', '15 days', '15 jours'],
    ['NET_30', '30 days', '30 jours'],
    ['NET_45', '45 days', '45 jours'],
    ['NET_60', '60 days', '60 jours'],
    ['EOM_30', '30 days end of month', '30 jours fin de mois'],
    ['EOM_45', '45 days end of month', '45 jours fin de mois'],
  ]),
  /** Payable or receivable (spec 001 §3: R means receivable). */
  pr: items([
    ['P', 'Payable', 'À payer'],
    ['R', 'Receivable', 'À recevoir'],
  ]),
  dc: items([
    ['D', 'Debit', 'Débit'],
    ['C', 'Credit', 'Crédit'],
  ]),
  cashflowType: items([
    ['RECEIPT', 'Receipt', 'Encaissement'],
    ['DISBURSEMENT', 'Disbursement', 'Décaissement'],
    ['REFUND', 'Refund', 'Remboursement'],
    ['ADJUSTMENT', 'Adjustment', 'Régularisation'],
  ]),
  cashflowAllocationType: items([
    ['INVOICE', 'Invoice settlement', 'Règlement de facture'],
    ['ADVANCE', 'Advance', 'Acompte'],
    ['OVERPAYMENT', 'Overpayment', 'Trop-perçu'],
    ['WRITE_OFF', 'Write-off', 'Passage en perte'],
  ]),
  postingType: items([
    ['INVOICE', 'Invoice', 'Facture'],
    ['PAYMENT', 'Payment', 'Règlement'],
    ['ACCRUAL', 'Accrual', 'Régularisation'],
    ['DEPRECIATION', 'Depreciation', 'Amortissement'],
    ['PROVISION', 'Provision', 'Provision'],
    ['REVERSAL', 'Reversal', 'Extourne'],
    ['MANUAL', 'Manual entry', 'Écriture manuelle'],
  ]),
  // The business events the posting engine posts (server accounting/posting-rules.ts `eventTypes`) and a manual entry's (posting-engine.ts `MANUAL_ENTRY`); a test keeps them equal.
  postingEventType: items([
    ['INVOICE_ISSUED', 'Invoice issued', 'Facture émise'],
    ['CREDIT_NOTE', 'Credit note', 'Avoir'],
    ['PAYMENT_RECEIVED', 'Payment received', 'Paiement reçu'],
    ['PAYMENT_RETURNED', 'Payment returned', 'Paiement rejeté'],
    ['REJECTION_FEE', 'Rejection fee', 'Frais de rejet'],
    ['LATE_INTEREST', 'Late interest', 'Intérêts de retard'],
    ['ASSET_PURCHASE', 'Asset purchase', 'Achat d’actif'],
    ['CONTRACT_ACTIVATION', 'Contract activation', 'Mise en loyer'],
    ['INTEREST_ACCRUAL', 'Interest accrual', 'Intérêts courus'],
    ['RENTAL_INCOME', 'Rental income', 'Produits locatifs'],
    ['DEPRECIATION', 'Depreciation', 'Amortissement'],
    ['TERMINATION', 'Termination', 'Résiliation'],
    ['WRITE_OFF', 'Write-off', 'Passage en perte'],
    ['CLAIM_SETTLEMENT', 'Claim settlement', 'Règlement de sinistre'],
    ['MANUAL_ENTRY', 'Manual entry', 'Écriture manuelle'],
  ]),
  budgetType: items([
    ['OPERATING', 'Operating', 'Fonctionnement'],
    ['CAPEX', 'Capital expenditure', 'Investissement'],
    ['SALES', 'Sales target', 'Objectif commercial'],
    ['MARKETING', 'Marketing', 'Marketing'],
    ['PROJECT', 'Project', 'Projet'],
  ]),
};
