/** French texts of the list export and the /exports screen, keyed by their English wording. */
export const reportFr: Record<string, string> = {
  'Export as CSV': 'Exporter en CSV',
  'More file formats': 'Autres formats de fichier',
  'The export continues in the background: its file will be on the Exports screen':
    "L'export se poursuit en arrière-plan : son fichier sera sur l'écran Exports",
  'Open exports': 'Ouvrir les exports',
  'Exports could not be loaded': "Les exports n'ont pas pu être chargés",
  '{written} of {total} rows': '{written} lignes sur {total}',
  File: 'Fichier',
  Download: 'Télécharger',
  'Export in the background': 'Export en arrière-plan',
  Batch: 'Traitement',
};
