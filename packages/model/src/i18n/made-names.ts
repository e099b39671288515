/**
 * The names the server composes for the records it writes itself (batches, posting events and
 * postings, credit notes, collection cases, payment files, treasury operations, tasks of the
 * default rules), keyed by their English with `{x}` placeholders, with their French. The server
 * writes them in English once, whoever reads them later; a screen shows them in its reader's
 * language by matching a stored name against these patterns (`madeNameIn`), the values (dates,
 * registrations, numbers) kept as written. The web's dictionaries take them as ordinary texts,
 * so that every shipped language may translate them.
 */
export const madeNames: Readonly<Record<string, string>> = {
  // Batches.
  'Billing up to {date}': 'Facturation jusqu’au {date}',
  'Arrears on {date}': 'Arriérés au {date}',
  'Dunning on {date}': 'Relances du {date}',
  'Indexation on {date}': 'Indexation du {date}',
  'Task rules on {date}': 'Règles de tâches du {date}',
  'Task reminders on {date}': 'Rappels de tâches du {date}',
  'Support service levels on {date}': 'Niveaux de service du support au {date}',
  'Script {script} on {date}': 'Script {script} du {date}',
  'Interest accrual and depreciation {month}': 'Intérêts courus et amortissements {month}',
  '{format} export {from} to {to}': 'Export {format} du {from} au {to}',
  'Import of {file} into {kind}': 'Import de {file} dans {kind}',
  'Import of {file}': 'Import de {file}',
  'Matching of the waiting bank transactions': 'Rapprochement des opérations bancaires en attente',
  'Matching of {statement}': 'Rapprochement de {statement}',
  'Mail outbox': 'Envoi des e-mails en attente',
  // A batch's end, notified in its starter's language when written (notifications/batch-ended.ts).
  'Batch finished: {name}': 'Traitement terminé : {name}',
  'Batch finished with warnings: {name}': 'Traitement terminé avec des avertissements : {name}',
  'Batch failed: {name}': 'Traitement en échec : {name}',
  // Posting events and their postings.
  'Invoice {invoice}': 'Facture {invoice}',
  'Credit note {invoice}': 'Avoir {invoice}',
  'Write-off of invoice {invoice}': 'Passage en perte de la facture {invoice}',
  'Payment {payment} on {invoice}': 'Paiement {payment} sur {invoice}',
  'Direct debit returned ({reason}) on {invoice}': 'Prélèvement rejeté ({reason}) sur {invoice}',
  'Termination of {contract}': 'Résiliation de {contract}',
  'Activation of {contract}': 'Mise en loyer de {contract}',
  'Claim {claim} settled': 'Sinistre {claim} réglé',
  'Depreciation {month} of {asset}': 'Amortissement {month} de {asset}',
  'Rental income {month} of {contract}': 'Revenus locatifs {month} de {contract}',
  'Interest {month} of {contract}': 'Intérêts {month} de {contract}',
  'Reversal: {name}': 'Extourne : {name}',
  Client: 'Client',
  'Net investment billed': 'Investissement net facturé',
  'Services and fees billed': 'Prestations et frais facturés',
  'VAT collected': 'TVA collectée',
  'Rents billed, deferred': 'Loyers facturés, constatés d’avance',
  'Rental income': 'Revenus locatifs',
  'Services bought': 'Prestations achetées',
  'VAT deductible': 'TVA déductible',
  Supplier: 'Fournisseur',
  'Net investment credited': 'Investissement net crédité',
  'Services and fees credited': 'Prestations et frais crédités',
  'Rents credited, deferred': 'Loyers crédités, constatés d’avance',
  'Rental income credited': 'Revenus locatifs crédités',
  'Services credited': 'Prestations créditées',
  'Supplier paid': 'Fournisseur payé',
  Bank: 'Banque',
  'Client paid': 'Client payé',
  'Payment returned': 'Paiement rejeté',
  'Rejection fee': 'Frais de rejet',
  'Fees charged': 'Frais facturés',
  'Late interest': 'Intérêts de retard',
  'Late interest income': 'Produits d’intérêts de retard',
  'Asset bought for lease': 'Bien acheté pour la location',
  'VAT on fixed assets': 'TVA sur immobilisations',
  'Asset supplier': 'Fournisseur du bien',
  'Leased asset in service': 'Bien loué mis en service',
  'Net investment in the lease': 'Investissement net dans le contrat',
  'Interest accrued on the net investment': 'Intérêts courus sur l’investissement net',
  'Finance lease interest income': 'Produits d’intérêts de location-financement',
  'Rents deferred, recognised': 'Loyers constatés d’avance, rapportés au résultat',
  'Operating lease rental income': 'Revenus de location simple',
  'Depreciation charge': 'Dotation aux amortissements',
  'Accumulated depreciation': 'Amortissements cumulés',
  'Net investment derecognised': 'Investissement net décomptabilisé',
  'Receivable written off': 'Créance passée en perte',
  'VAT on the receivable written off': 'TVA sur la créance passée en perte',
  'Claim indemnity receivable': 'Indemnité de sinistre à recevoir',
  'Claim indemnity': 'Indemnité de sinistre',
  'Manual entry': 'Écriture manuelle',
  // Billing and collection.
  'Credit note for {invoice}': 'Avoir sur {invoice}',
  'Collection {record}': 'Recouvrement {record}',
  'Direct debits {scheme} of {organization} due by {date}': 'Prélèvements {scheme} de {organization} échus au {date}',
  'Credit transfers of {organization} due by {date}': 'Virements de {organization} échus au {date}',
  // Treasury.
  'Move {from} → {to}': 'Virement {from} → {to}',
  'Arbitration {from} → {to}': 'Arbitrage {from} → {to}',
  'Overdraft {account}: {before} → {after}': 'Découvert {account} : {before} → {after}',
  // Tasks of the default rules (docs/tasks.md).
  'Returned debit {line} ({reason}): call the client': 'Prélèvement rejeté {line} ({reason}) : appeler le client',
  'Approve deal {name}': 'Approuver le dossier {name}',
  'Batch {batch} failed: {name}': 'Le traitement {batch} a échoué : {name}',
  'SEPA mandate {reference} of {name} lapses on {date} unless used':
    'Le mandat SEPA {reference} de {name} devient caduc le {date} s’il n’est pas utilisé',
  'Contract {name} ends on {date}: prepare its end of term':
    'Le contrat {name} se termine le {date} : préparer sa fin de contrat',
};

interface Pattern {
  template: string;
  names: string[];
  match: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * Placeholders whose values are texts (a file's or a person's name); every other one is one word
 * (a date, a registration, a number, a code), so that a name a person wrote (`Invoice template for
 * Acme`) is not taken for a made one.
 */
const texts = new Set(['file', 'statement', 'name', 'organization', 'script', 'before', 'after']);

/** Each template as a pattern; the ones with more written words first (`Import of {file} into {kind}` before `Import of {file}`). */
const patterns: Pattern[] = Object.keys(madeNames)
  .map((template) => ({
    template,
    names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
    match: new RegExp(
      `^${template
        .split(/(\{\w+\})/)
        .map((part) => {
          const placeholder = /^\{(\w+)\}$/.exec(part)?.[1];
          return placeholder ? (texts.has(placeholder) ? '(.+?)' : '(\\S+)') : escapeRegExp(part);
        })
        .join('')}$`,
      's',
    ),
  }))
  .sort((a, b) => b.template.replace(/\{\w+\}/g, '').length - a.template.replace(/\{\w+\}/g, '').length);

/** The template a name the server made was written from, with its values; none for any other name. */
export function madeNameTemplate(name: string): { template: string; values: Record<string, string> } | undefined {
  for (const pattern of patterns) {
    const found = pattern.match.exec(name);
    if (found)
      return { template: pattern.template, values: Object.fromEntries(pattern.names.map((n, i) => [n, found[i + 1]])) };
  }
  return undefined;
}

/**
 * `name` in the reader's language: `translate(template, values)` gives a template's text with its
 * values filled (undefined when the language has none). A value that is itself a made name
 * (`Batch BAT000003 failed: Dunning on 2025-09-30`) is translated too; a name a cron gave its
 * batch (`nightly-indexation: Indexation on 2025-07-01`) keeps its prefix. Any other name is
 * shown as written.
 */
export function madeNameIn(
  name: string,
  translate: (template: string, values: Record<string, string>) => string | undefined,
): string {
  const found = madeNameTemplate(name);
  if (!found) {
    const prefixed = /^([\w.-]+): (.+)$/s.exec(name);
    if (!prefixed) return name;
    const rest = madeNameIn(prefixed[2], translate);
    return rest === prefixed[2] ? name : `${prefixed[1]}: ${rest}`;
  }
  const values = Object.fromEntries(Object.entries(found.values).map(([k, v]) => [k, madeNameIn(v, translate)]));
  return translate(found.template, values) ?? name;
}
