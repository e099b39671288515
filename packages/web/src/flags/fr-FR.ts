/** French texts of the feature flag screen and the string overrides screen, keyed by their English wording. */
export const flagsFr: Record<string, string> = {
  // The flag's targeting and what it gates.
  Targeting: 'Ciblage',
  Profile: 'Profil',
  'Profile or user': 'Profil ou utilisateur',
  'Turn on for them': 'Activer pour eux',
  'Turn off for them': 'Désactiver pour eux',
  'Turned on for {target}': 'Activée pour {target}',
  'Turned off for {target}': 'Désactivée pour {target}',
  'Turn on': 'Activer',
  'Turn off': 'Désactiver',
  Effect: 'Effet',
  On: 'Activé',
  Off: 'Désactivé',
  'Not in force': 'Pas en vigueur',
  'Nobody is targeted: the flag’s status applies to everyone':
    'Personne n’est ciblé : le statut de la fonctionnalité s’applique à tous',
  'What it gates': 'Ce qu’elle conditionne',
  'Menu entry': 'Entrée de menu',
  Transition: 'Transition',
  'API route': 'Route de l’API',
  'Nothing is declared with this flag’s name yet': 'Rien n’est encore déclaré avec le nom de cette fonctionnalité',
  // String overrides.
  'String overrides': 'Textes personnalisés',
  'Replace any text of the interface for this tenant, in one language: pick the text by its English wording.':
    'Remplacez n’importe quel texte de l’interface pour ce tenant, dans une langue : choisissez le texte par son libellé anglais.',
  'Text to override': 'Texte à remplacer',
  'Search the texts of the interface': 'Chercher parmi les textes de l’interface',
  'New text': 'Nouveau texte',
  Override: 'Remplacer',
  'The text is overridden': 'Le texte est remplacé',
  'No text is overridden': 'Aucun texte n’est remplacé',
  'Shipped text': 'Texte livré',
};
