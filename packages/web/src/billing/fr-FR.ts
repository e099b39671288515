/** French texts of the billing screens (invoices, billing run, batches), keyed by their English wording. */
export const billingFr: Record<string, string> = {
  'Run billing': 'Lancer la facturation',
  'Bill the lines due up to': "Facturer les échéances jusqu'au",
  'All organizations': 'Toutes les organisations',
  '{n} invoice(s) created': '{n} facture(s) créée(s)',
  'The billing run continues in the background': 'La facturation se poursuit en arrière-plan',
  'The billing run stopped before its end: see its batch':
    "La facturation s'est arrêtée avant la fin : voir son traitement",
  'Open batch {registration}': 'Ouvrir le traitement {registration}',
  '{done} of {total} done': '{done} sur {total} traités',
  'Balance {amount}': 'Solde {amount}',
  'Open the PDF': 'Ouvrir le PDF',
  'Open the PDF of {registration}': 'Ouvrir le PDF de {registration}',
  'A draft has its PDF once issued: see its preview on the invoice':
    'Un brouillon a son PDF une fois émis : voir son aperçu sur la facture',
  'Invoice {registration} has no PDF': "La facture {registration} n'a pas de PDF",
  'Invoice {registration}': 'Facture {registration}',
  PDF: 'PDF',
  'PDF preview': 'Aperçu PDF',
  'No preview available': 'Aucun aperçu disponible',
  'No PDF for this invoice': 'Aucun PDF pour cette facture',
  'No allocation': 'Aucune affectation',
  'Credit notes': 'Avoirs',
  'Credit note of invoice': 'Avoir de la facture',
  'No credit note': 'Aucun avoir',
  Log: 'Journal',
  Message: 'Message',
};
