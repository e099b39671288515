import type { Fields } from '../../fields.ts';
import {
  boolean,
  currency,
  date,
  datetime,
  integer,
  json,
  link,
  list,
  multiSelect,
  number,
  object,
  percentage,
  persons,
  select,
  text,
} from '../../fields.ts';
import type { ColumnInput, FilterInput } from '../../search.ts';
import { column, equal, person, range, regex } from '../../search.ts';

/** Contracts and deals share one field set, filters and columns (spec 001 §3, 002 §3). */

/** A service billed with every instalment (insurance, maintenance), or a one-off fee. */
const chargeFields = {
  code: text(),
  label: text(),
  type: select('contractElementType'),
  amount: currency({ min: 0 }),
  taxCode: select('taxCode'),
  payeeRegistration: link('Person'),
  // Revalued each anniversary from the product's index.
  indexed: boolean(),
} satisfies Fields;

/**
 * A financing offer: on a contract or deal (several on a deal, one chosen), and as a Quotation
 * record. The terms are the finance engine's (finance/README.md); the priced figures are written
 * by the server on every save (financing/quotation-pricing.ts).
 */
export const quotationFields = {
  registration: text({ readOnly: true }),
  name: text(),
  isChosen: boolean(),
  productRegistration: link('Product'),
  financialProduct: select('financialProduct'),
  financialScheme: select('financialScheme'),
  financedAmountExclTax: currency({ min: 0 }),
  rate: percentage(),
  duration: integer({ min: 0 }),
  frequency: select('frequency'),
  timing: select('paymentTiming'),
  paymentDay: integer({ min: 1, max: 31 }),
  residualValue: currency({ min: 0 }),
  // Where the residual value comes from: typed in, or read from the vehicle catalogue's curve at
  // the term (financing/residual-value.ts); the curve is kept, so a new term is read from it again.
  residualValueSource: select('residualValueSource'),
  residualValuePercent: percentage({ readOnly: true }),
  residualValueBase: currency({ readOnly: true }),
  residualValueCurve: object(
    {
      catalogue: text(),
      modelName: text(),
      manufacturerName: text(),
      year: integer(),
      usage: text(),
      points: json(),
    },
    { readOnly: true },
  ),
  residualValueDate: datetime({ readOnly: true }),
  balloon: currency({ min: 0 }),
  firstPayment: currency({ min: 0 }),
  deferral: integer({ min: 0 }),
  deferralMode: select('deferralMode'),
  taxCode: select('taxCode'),
  services: list(chargeFields),
  fees: list(chargeFields),
  indexed: boolean(),
  assetMarginRate: percentage(),
  // Priced by the finance engine on save.
  instalment: currency({ readOnly: true }),
  totalPayment: currency({ readOnly: true }),
  totalInterest: currency({ readOnly: true }),
  effectiveRate: percentage({ readOnly: true }),
  apr: percentage({ label: 'APR', readOnly: true }),
  endDate: date({ readOnly: true }),
  pricingError: text({ readOnly: true }),
} satisfies Fields;

/** An asset financed (or taken in part exchange) by a contract, priced per line. */
const assetLineFields = {
  assetRegistration: link('Asset'),
  isFinanced: boolean(),
  isPartExchange: boolean(),
  taxCode: select('taxCode'),
  quantity: number({ min: 0 }),
  discount: percentage(),
  currency: select('currency'),
  unitPrice: currency(),
  priceExclTax: currency(),
  priceInclTax: currency(),
  // Copy of the asset shown on the line.
  asset: object({ name: text() }, { readOnly: true }),
} satisfies Fields;

/** Parties of the contract; each may carry its invoicing settings (the list's currency comes from there). */
const contractPersons = list({
  ...persons().fields,
  invoicing: object({ principalCurrency: select('currency') }),
});

export const contractFields = {
  contractType: select('contractType'),
  // contractTag is one of the preloaded code tables (001 §9).
  tags: multiSelect('contractTag'),
  managementType: select('managementType'),
  purpose: select('purpose'),
  subPurpose: select('subPurpose'),
  internalReference: text(),
  externalReference: text(),
  financialProduct: select('financialProduct'),
  financialScheme: select('financialScheme'),
  frequency: select('frequency'),
  duration: integer({ min: 0 }),
  financedAmountExclTax: currency(),
  startDate: date(),
  endDate: date(),
  currency: select('currency'),
  persons: contractPersons,
  assets: list(assetLineFields),
  quotations: list(quotationFields),
  // Totals row of the asset lines (spec 002 §5), written on save.
  assetsTotals: object(
    { grossAmount: currency(), priceExclTax: currency(), priceInclTax: currency(), discount: percentage() },
    { readOnly: true },
  ),
  creditLineRegistration: link('CreditLine'),
  agreementRegistration: link('Agreement'),
  // The deal a contract was won from, the contract a deal became.
  dealRegistration: link('Deal', { readOnly: true }),
  contractRegistration: link('Contract', { readOnly: true }),
  paymentDay: integer({ min: 1, max: 31 }),
  endOfTermOption: select('endOfTermOption'),
  // What activation froze and amendments keep up to date.
  outstandingPrincipal: currency({ readOnly: true }),
  nextDueDate: date({ readOnly: true }),
  // Its unpaid receivable invoices due by today (billing/cashflows/arrears.ts keeps it).
  arrears: currency({ readOnly: true }),
  scheduleRevision: integer({ readOnly: true }),
  scheduleTerms: json({ readOnly: true }),
  // Stamped by the workflow.
  submitDate: date({ readOnly: true }),
  approvalDate: date({ readOnly: true }),
  activationDate: date({ readOnly: true }),
  terminationDate: date({ readOnly: true }),
  cancellationDate: date({ readOnly: true }),
  terminationAmendment: link('Amendment', { readOnly: true }),
} satisfies Fields;

/** French texts of the fields contracts and deals introduce. */
export const financedRecordTexts: Record<string, string> = {
  APR: 'TAEG',
  'Agreement registration': 'Accord partenaire',
  'Assets totals': 'Totaux des biens',
  Balloon: 'Ballon',
  'Deal registration': 'Affaire',
  Deferral: 'Différé',
  'Deferral mode': 'Mode de différé',
  'End of term option': 'Issue du contrat',
  Fees: 'Frais',
  'Gross amount': 'Montant brut',
  'Is chosen': 'Retenue',
  'Next due date': 'Prochaine échéance',
  'Outstanding principal': 'Capital restant dû',
  'Pricing error': 'Erreur de tarification',
  'Product registration': 'Produit',
  'Schedule revision': "Révision de l'échéancier",
  'Schedule terms': "Conditions de l'échéancier",
  Timing: 'Terme',
  'Credit line registration': 'Ligne de crédit',
  'Contract registration': 'Contrat',
  'Payment day': 'Jour de prélèvement',
  Instalment: 'Échéance',
  'Total payment': 'Total des paiements',
  'Total interest': 'Total des intérêts',
  'Effective rate': 'Taux effectif',
  'Activation date': "Date d'activation",
  'Approval date': "Date d'approbation",
  'Cancellation date': "Date d'annulation",
  'Termination date': 'Date de résiliation',
  'End term': 'Terminer au terme',
  'Termination amendment': 'Avenant de résiliation',
  Services: 'Prestations',
  Label: 'Libellé',
  Indexed: 'Indexé',
  'Residual value source': 'Origine de la valeur résiduelle',
  'Residual value percent': 'Pourcentage de valeur résiduelle',
  'Residual value base': 'Base de la valeur résiduelle',
  'Residual value curve': 'Courbe de valeur résiduelle',
  'Residual value date': 'Date de la courbe',
  Catalogue: 'Catalogue',
  'Model name': 'Modèle',
  'Manufacturer name': 'Constructeur',
  Year: 'Année',
  Points: 'Points',
};

/** Deals search their clients among prospects. */
export const contractSearch = (clientEntity: 'Person' | 'Prospect'): FilterInput[] => [
  equal('type'),
  equal('contractType', { hidden: true }),
  'registration',
  regex('name'),
  equal('status'),
  equal('managementType'),
  equal('purpose'),
  equal('subPurpose'),
  equal('internalReference'),
  equal('externalReference'),
  person('client', ['CLIENT'], { entity: clientEntity }),
  person('partner', ['PARTNER']),
  person('sales', ['SALES']),
  equal('assetRegistration', { field: 'assets.assetRegistration' }),
  equal('financialProduct', { field: 'quotations.financialProduct', storage: 'column' }),
  equal('financialScheme', { field: 'quotations.financialScheme' }),
  equal('frequency'),
  range('duration'),
  range('financedAmountExclTax'),
  range('startDate'),
  range('endDate'),
  equal('creditLineRegistration', { hidden: true }),
];

export const contractColumns: ColumnInput[] = [
  'registration',
  'status',
  'name',
  column('quotations.0.financialProduct', { label: 'Financial product' }),
  'startDate',
  column('financedAmountExclTax', { currencyField: 'persons.0.invoicing.principalCurrency' }),
];
