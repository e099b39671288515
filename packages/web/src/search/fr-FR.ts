/** French texts of the global search (palette, header box, /global-search), keyed by their English wording. */
export const searchFr: Record<string, string> = {
  Search: 'Rechercher',
  'Search… (Ctrl+K)': 'Rechercher… (Ctrl+K)',
  'Search everything (Ctrl+K)': 'Tout rechercher (Ctrl+K)',
  'Search persons, contracts, invoices, assets…': 'Rechercher personnes, contrats, factures, biens…',
  Results: 'Résultats',
  'Recent searches': 'Recherches récentes',
  'Type at least 3 characters.': 'Saisissez au moins 3 caractères.',
  'The search failed; try again.': 'La recherche a échoué ; réessayez.',
  'Nothing found': 'Aucun résultat',
  '↑ ↓ to move, Enter to open, Esc to close': '↑ ↓ pour se déplacer, Entrée pour ouvrir, Échap pour fermer',
  'Show all results': 'Voir tous les résultats',
  '{count} result(s) in {kinds} kind(s)': '{count} résultat(s) dans {kinds} type(s) de fiche',
  'The {shown} best of {count} are shown: add words to narrow the search.':
    'Les {shown} meilleurs sur {count} sont affichés : ajoutez des mots pour affiner la recherche.',
};
