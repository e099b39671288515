/** French texts of the books' screens (postings and their trial balance, a posting event), keyed by their English wording. */
export const accountingFr: Record<string, string> = {
  'Postings': 'Écritures',
  'Trial balance': 'Balance générale',
  'FEC export': 'Export FEC',
  'From': 'Du',
  'To': 'Au',
  'CSV export': 'Export CSV',
  'Total {currency}': 'Total {currency}',
  'Debit': 'Débit',
  'Credit': 'Crédit',
  'Balance': 'Solde',
  'Label': 'Libellé',
  'Reverse this posting event?': 'Contrepasser cet événement comptable ?',
  'Posting event reversed by {registration}': 'Événement comptable contrepassé par {registration}',
  'Reversed by': 'Contrepassé par',
  'Reverses': 'Contrepasse',
};
