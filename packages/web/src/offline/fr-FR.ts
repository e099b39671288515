/** French texts of the installable app and its offline mode, keyed by their English wording. */
export const offlineFr: Record<string, string> = {
  'You are now offline and using cached data': 'Vous êtes hors ligne et utilisez des données en cache',
  'You are now online': 'Vous êtes de nouveau en ligne',
  'You are now online and server has been updated with your changes':
    'Vous êtes de nouveau en ligne et le serveur a été mis à jour avec vos modifications',
  'Error occured while synchronizing your data to the server':
    'Une erreur est survenue lors de la synchronisation de vos données avec le serveur',
  'Got it': 'Compris',
  Offline: 'Hors ligne',
  'Offline · {count} waiting': 'Hors ligne · {count} en attente',
  Synchronizing: 'Synchronisation',
  'The server cannot be reached: kept records are shown, and your changes are sent when it answers again.':
    'Le serveur est injoignable : les fiches conservées sont affichées et vos modifications seront envoyées à son retour.',
  '{kind} {registration} was changed on the server while you were offline':
    '{kind} {registration} a été modifié sur le serveur pendant que vous étiez hors ligne',
  'Choose, field by field, which value to keep: the one on the server now, or yours.':
    'Choisissez, champ par champ, la valeur à garder : celle du serveur ou la vôtre.',
  'The record changed again on the server: here is its latest version.':
    'La fiche a encore changé sur le serveur : voici sa dernière version.',
  'Save my choices': 'Enregistrer mes choix',
  'Keep the server version': 'Garder la version du serveur',
  Field: 'Champ',
  'On the server (theirs)': 'Sur le serveur (la leur)',
  'Yours (mine)': 'La vôtre (la mienne)',
  'unchanged on the server': 'inchangé sur le serveur',
  Contract: 'Contrat',
  Asset: 'Actif',
  Person: 'Personne',
  Task: 'Tâche',
};
