import { items, type ListItem, type Row } from './item.ts';

/** What a contract or an invoice is made of: the elements of a product and of a contract. */
const elements: Row[] = [
  ['RENT', 'Rent', 'Loyer'],
  ['INSTALMENT', 'Instalment', 'Échéance'],
  ['DOWN_PAYMENT', 'Down payment', 'Apport'],
  ['RESIDUAL_VALUE', 'Residual value', 'Valeur résiduelle'],
  ['FEE', 'Fee', 'Frais'],
  ['COMMISSION', 'Commission', 'Commission'],
  ['INSURANCE', 'Insurance', 'Assurance'],
  ['SERVICE', 'Service', 'Prestation'],
  ['DEPOSIT', 'Security deposit', 'Dépôt de garantie'],
  ['ASSET_PURCHASE', 'Asset purchase', 'Achat du bien'],
  ['SETTLEMENT', 'Early termination settlement', 'Indemnité de résiliation'],
  ['PREPAYMENT', 'Prepayment', 'Remboursement anticipé'],
];

/** Types of the catalogues (items picked when building contracts, assets and postings). */
export const catalogLists: Record<string, ListItem[]> = {
  contractElementType: items(elements),
  productElementCatalogItemType: items(elements),
  productCatalogItemType: items([
    ['FINANCIAL_PRODUCT', 'Financial product', 'Produit financier'],
    ['SERVICE', 'Service', 'Prestation'],
    ['FEE', 'Fee', 'Frais'],
    ['INSURANCE', 'Insurance', 'Assurance'],
    ['PACKAGE', 'Package', 'Offre packagée'],
  ]),
  /** Spec 002 §3: the kinds of numbers tables. */
  productTableType: items([
    ['ratesTable', 'Rates table', 'Table de taux'],
    ['coefficientsTable', 'Coefficients table', 'Table de coefficients'],
    ['costTable', 'Cost table', 'Table de coûts'],
  ]),
  /** Formats of the value cells of a numbers table (spec 002 §3). */
  numbersTableFormat: items([
    ['number', 'Number', 'Nombre'],
    ['percentage', 'Percentage', 'Pourcentage'],
    ['currency', 'Currency', 'Montant'],
  ]),
  assetCatalogItemType: items([
    ['CATEGORY', 'Category', 'Catégorie'],
    ['MANUFACTURER', 'Manufacturer', 'Constructeur'],
    ['MODEL', 'Model', 'Modèle'],
    ['VERSION', 'Version', 'Version'],
    ['OPTION', 'Option', 'Option'],
    ['ACCESSORY', 'Accessory', 'Accessoire'],
  ]),
  amendmentCatalogItemType: items([
    ['FINANCIAL', 'Financial', 'Financier'],
    ['ADMINISTRATIVE', 'Administrative', 'Administratif'],
    ['ASSET', 'Asset', 'Biens'],
    ['CONTRACTUAL', 'Contractual', 'Contractuel'],
  ]),
  accountingCatalogItemType: items([
    ['ACCOUNT', 'General ledger account', 'Compte général'],
    ['ANALYTICAL_ACCOUNT', 'Analytical account', 'Compte analytique'],
    ['JOURNAL', 'Journal', 'Journal'],
    ['POSTING_SCHEME', 'Posting scheme', 'Schéma comptable'],
    ['TAX_ACCOUNT', 'Tax account', 'Compte de taxe'],
  ]),
};
