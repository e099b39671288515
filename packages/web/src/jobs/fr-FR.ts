/** French texts of the /crons screen, keyed by their English wording. */
export const jobsFr: Record<string, string> = {
  'Scheduled jobs': 'Tâches planifiées',
  'Add a scheduled job': 'Ajouter une tâche planifiée',
  'The scheduled jobs could not be read': "Les tâches planifiées n'ont pas pu être lues",
  Job: 'Traitement',
  Schedule: 'Planification',
  'Time zone': 'Fuseau horaire',
  Enabled: 'Activée',
  'Next run': 'Prochaine exécution',
  'Last run': 'Dernière exécution',
  'Last batch': 'Dernier traitement',
  'Run now': 'Lancer maintenant',
  Edit: 'Modifier',
  'Delete this scheduled job?': 'Supprimer cette tâche planifiée ?',
  'Scheduled job': 'Tâche planifiée',
  'Batch {registration} started': 'Traitement {registration} lancé',
  'Letters, digits, dots, dashes and underscores': 'Lettres, chiffres, points, tirets et soulignés',
  'Minute hour day month weekday, e.g. 0 6 1 * * for the 1st of each month at 06:00':
    'Minute heure jour mois jour-de-semaine, par ex. 0 6 1 * * pour le 1er de chaque mois à 06:00',
  Parameters: 'Paramètres',
  'A JSON object; for a billing:': 'Un objet JSON ; pour une facturation :',
  'Not valid JSON': 'JSON invalide',
};
