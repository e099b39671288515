/** French texts of the documentation screens, keyed by their English wording (the pages are in pages/fr). */
export const documentationFr: Record<string, string> = {
  Documentation: 'Documentation',
  'Search the documentation': 'Chercher dans la documentation',
  'For users': 'Pour les utilisateurs',
  'For administrators': 'Pour les administrateurs',
  'These pages are not translated into your language yet: they show in English.':
    'Ces pages ne sont pas encore traduites dans votre langue : elles s’affichent en anglais.',
  'The API, for those who connect other systems': 'L’API, pour ceux qui connectent d’autres systèmes',
  'This page does not exist': 'Cette page n’existe pas',
  'Nothing in the documentation matches "{query}".': 'Rien dans la documentation ne correspond à « {query} ».',
};
