import { items, type ListItem } from './item.ts';

/** Bank accounts, statements, SEPA mandates and payment files. */
export const bankingLists: Record<string, ListItem[]> = {
  bankAccountType: items([
    ['CURRENT', 'Current account', 'Compte courant'],
    ['SAVINGS', 'Savings account', "Compte d'épargne"],
    ['COLLECTION', 'Collection account', "Compte d'encaissement"],
    ['DISBURSEMENT', 'Disbursement account', 'Compte de décaissement'],
    ['ESCROW', 'Escrow account', 'Compte séquestre'],
  ]),
  bankOperationType: items([
    ['CREDIT_TRANSFER', 'Credit transfer', 'Virement'],
    ['DIRECT_DEBIT', 'Direct debit', 'Prélèvement'],
    ['CARD_PAYMENT', 'Card payment', 'Paiement par carte'],
    ['CHECK_DEPOSIT', 'Cheque deposit', 'Remise de chèques'],
    ['FEE', 'Bank fee', 'Frais bancaires'],
    ['INTEREST', 'Interest', 'Intérêts'],
  ]),
  bankStatementType: items([
    ['CAMT_053', 'ISO 20022 camt.053', 'ISO 20022 camt.053'],
    ['MT940', 'SWIFT MT940', 'SWIFT MT940'],
    ['CFONB120', 'CFONB 120', 'CFONB 120'],
    ['MANUAL', 'Manual entry', 'Saisie manuelle'],
  ]),
  bankTransactionType: items([
    ['CREDIT', 'Credit', 'Crédit'],
    ['DEBIT', 'Debit', 'Débit'],
    ['DIRECT_DEBIT_RETURN', 'Direct debit return', 'Rejet de prélèvement'],
    ['FEE', 'Fee', 'Frais'],
    ['INTEREST', 'Interest', 'Intérêts'],
  ]),
  camtType: items([
    ['CAMT_052', 'camt.052 (intraday report)', 'camt.052 (relevé intrajournalier)'],
    ['CAMT_053', 'camt.053 (statement)', 'camt.053 (relevé de compte)'],
    ['CAMT_054', 'camt.054 (debit/credit notification)', 'camt.054 (avis de débit/crédit)'],
  ]),
  sepaType: items([
    ['DIRECT_DEBIT', 'SEPA direct debit', 'Prélèvement SEPA'],
    ['CREDIT_TRANSFER', 'SEPA credit transfer', 'Virement SEPA'],
    ['INSTANT_CREDIT_TRANSFER', 'SEPA instant credit transfer', 'Virement SEPA instantané'],
  ]),
  /** SEPA mandate scheme (`rumType`). */
  rumType: items([
    ['CORE', 'SEPA Core', 'SEPA Core'],
    ['B2B', 'SEPA B2B', 'SEPA interentreprises (B2B)'],
  ]),
  /** SEPA mandate sequence (`rumFrequency`), with the ISO 20022 sequence codes. */
  rumFrequency: items([
    ['RCUR', 'Recurrent', 'Récurrent'],
    ['OOFF', 'One-off', 'Ponctuel'],
  ]),
  /** ISO 20022 sequence of a direct debit on its mandate: first, recurrent, one-off, final (payment file lines). */
  sepaSequenceType: items([
    ['FRST', 'First collection', 'Premier prélèvement'],
    ['RCUR', 'Recurrent collection', 'Prélèvement récurrent'],
    ['OOFF', 'One-off collection', 'Prélèvement ponctuel'],
    ['FNAL', 'Final collection', 'Dernier prélèvement'],
  ]),
  paymentFileType: items([
    ['PAIN_008', 'Direct debit (pain.008)', 'Prélèvement (pain.008)'],
    ['PAIN_001', 'Credit transfer (pain.001)', 'Virement (pain.001)'],
    ['PAIN_002', 'Payment status report (pain.002)', 'Compte rendu de paiement (pain.002)'],
  ]),
  paymentFileLineType: items([
    ['DEBIT', 'Direct debit', 'Prélèvement'],
    ['CREDIT', 'Credit transfer', 'Virement'],
    ['REJECT', 'Reject', 'Rejet'],
    ['REFUND', 'Refund', 'Remboursement'],
  ]),
};
