/** French texts of the payment file screens (list, Generate dialog, detail), keyed by their English wording. */
export const paymentFilesFr: Record<string, string> = {
  'Generate payment files': 'Générer les fichiers de paiement',
  Generate: 'Générer',
  'Kind of file': 'Type de fichier',
  'Direct debits (pain.008)': 'Prélèvements (pain.008)',
  'Credit transfers (pain.001)': 'Virements (pain.001)',
  'Message version': 'Version du message',
  'SEPA scheme': 'Schéma SEPA',
  'Invoices due up to': "Factures échues jusqu'au",
  'The payment files are generated in the background': 'Les fichiers de paiement sont générés en arrière-plan',
  'The generation stopped before its end: see its batch':
    "La génération s'est arrêtée avant la fin : voir son traitement",
  '{n} line(s) in the payment files': '{n} ligne(s) dans les fichiers de paiement',
  '{n} invoice(s) left out': '{n} facture(s) écartée(s)',
  Lines: 'Lignes',
  'No line': 'Aucune ligne',
  'XML file': 'Fichier XML',
  'No XML file': 'Aucun fichier XML',
  Download: 'Télécharger',
  'The file was not released: it is not valid against its schema':
    "Le fichier n'a pas été publié : il n'est pas valide selon son schéma",
  Person: 'Personne',
};
