/** French texts of the bank statement screens (camt list and detail, reconciliation), keyed by their English wording. */
export const statementsFr: Record<string, string> = {
  'Import a bank statement': 'Importer un relevé bancaire',
  '{n} transaction(s) imported, {m} matched': '{n} transaction(s) importée(s), {m} rapprochée(s)',
  Statements: 'Relevés',
  Entries: 'Écritures',
  Reconciliation: 'Rapprochement',
  'Matched ({method})': 'Rapprochée ({method})',
  'No candidate invoice': 'Aucune facture candidate',
  'Transaction matched': 'Transaction rapprochée',
  Match: 'Rapprocher',
  'Match again': 'Relancer le rapprochement',
  '{n} transaction(s) matched': '{n} transaction(s) rapprochée(s)',
  AMOUNT: 'Montant',
  'Large file: imported in the background': 'Fichier volumineux : import en arrière-plan',
  'Import progress': "Avancement de l'import",
};
