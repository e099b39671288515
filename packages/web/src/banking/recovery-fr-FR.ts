/** French texts of the collection screens (returned debits, dunning), keyed by their English wording. */
export const recoveryFr: Record<string, string> = {
  'Collection history': 'Historique du recouvrement',
  'Nothing done yet': 'Aucune action pour le moment',
  Dunning: 'Relance',
  'Direct debit returned': 'Prélèvement rejeté',
  'Letter or e-mail': 'Courrier ou e-mail',
  'Fee invoice': 'Facture de frais',
};
