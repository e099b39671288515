/** French texts of field work's screens (an inspection's field work, a location's map), keyed by their English wording. */
export const fieldFr: Record<string, string> = {
  'Field work': 'Travail sur site',
  Position: 'Position',
  'No position yet': 'Pas encore de position',
  'Use my position': 'Utiliser ma position',
  'This browser gives no position: type it in the form':
    'Ce navigateur ne donne pas de position : saisissez-la dans le formulaire',
  'The position was not given: type it in the form': "La position n'a pas été donnée : saisissez-la dans le formulaire",
  Signature: 'Signature',
  Clear: 'Effacer',
  'Save signature': 'Enregistrer la signature',
  Maintenance: 'Maintenance',
  Claim: 'Réclamation',
  'Open a maintenance': 'Ouvrir une maintenance',
  'Open a claim': 'Ouvrir une réclamation',
  Map: 'Carte',
  Address: 'Adresse',
  Saved: 'Enregistré',
};
