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
    ['MOVE', 'Move between own accounts', 'Virement entre comptes propres'],
    ['ARBITRATION', 'Treasury arbitration', 'Arbitrage de trésorerie'],
    ['OVERDRAFT_CHANGE', 'Overdraft limit change', 'Changement de découvert autorisé'],
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
  /** How a bank transaction was matched (server banking/statements). */
  bankMatchMethod: items([
    ['END_TO_END_ID', 'End-to-end id of a payment file line', "Référence de bout en bout d'une ligne de fichier"],
    ['MANDATE', 'Mandate reference and amount', 'Référence du mandat et montant'],
    ['REFERENCE', 'Invoice number or creditor reference', 'Numéro de facture ou référence créancier'],
    ['IBAN_AMOUNT', 'Payer IBAN and amount', 'IBAN du payeur et montant'],
    ['MANUAL', 'By hand', 'Manuellement'],
    ['RETURN', 'Returned debit', 'Prélèvement rejeté'],
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
  /** ISO 20022 reasons of a returned or rejected direct debit (R-transactions, banking/returns). */
  sepaReturnReason: items([
    ['AC01', 'Incorrect account number', 'Numéro de compte incorrect'],
    ['AC04', 'Account closed', 'Compte clôturé'],
    ['AC06', 'Account blocked', 'Compte bloqué'],
    ['AC13', 'Debtor account is a consumer account', 'Le compte débiteur est un compte de consommateur'],
    ['AG01', 'Transaction forbidden on this account', 'Opération interdite sur ce compte'],
    ['AG02', 'Invalid operation code', 'Code opération invalide'],
    ['AM04', 'Insufficient funds', 'Provision insuffisante'],
    ['AM05', 'Duplicate collection', 'Prélèvement en double'],
    ['BE05', 'Unknown creditor', 'Créancier inconnu'],
    ['CNOR', 'Creditor bank not registered', 'Banque du créancier non référencée'],
    ['DNOR', 'Debtor bank not registered', 'Banque du débiteur non référencée'],
    ['FF01', 'Invalid file format', 'Format de fichier invalide'],
    ['MD01', 'No mandate', 'Absence de mandat'],
    ['MD02', 'Missing mandate data', 'Données du mandat manquantes'],
    ['MD06', 'Refund requested by the debtor', 'Remboursement demandé par le débiteur'],
    ['MD07', 'Debtor deceased', 'Débiteur décédé'],
    ['MS02', 'Refused by the debtor', 'Refus du débiteur'],
    ['MS03', 'Reason not specified', 'Motif non précisé'],
    ['RC01', 'Incorrect BIC', 'BIC incorrect'],
    ['RR01', 'Missing debtor account or identification', 'Compte ou identification du débiteur manquant'],
    ['RR02', 'Missing debtor name or address', 'Nom ou adresse du débiteur manquant'],
    ['RR03', 'Missing creditor name or address', 'Nom ou adresse du créancier manquant'],
    ['RR04', 'Regulatory reason', 'Raison réglementaire'],
    ['SL01', 'Specific service offered by the debtor bank', 'Service spécifique de la banque du débiteur'],
  ]),
  paymentFileLineType: items([
    ['DEBIT', 'Direct debit', 'Prélèvement'],
    ['CREDIT', 'Credit transfer', 'Virement'],
    ['REJECT', 'Reject', 'Rejet'],
    ['REFUND', 'Refund', 'Remboursement'],
  ]),
};
