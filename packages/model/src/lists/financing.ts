import { items, type ListItem, type Row } from './item.ts';

/** Services sold with a financing, and the catalogue they are picked from. */
const services: Row[] = [
  ['INSURANCE', 'Insurance', 'Assurance'],
  ['GAP_INSURANCE', 'GAP insurance', 'Assurance perte financière'],
  ['MAINTENANCE', 'Maintenance', 'Entretien'],
  ['TYRES', 'Tyres', 'Pneumatiques'],
  ['ASSISTANCE', 'Roadside assistance', 'Assistance'],
  ['REPLACEMENT_VEHICLE', 'Replacement vehicle', 'Véhicule de remplacement'],
  ['FUEL_CARD', 'Fuel card', 'Carte carburant'],
  ['WARRANTY', 'Extended warranty', 'Extension de garantie'],
];

/** Financing: contracts, deals, credit lines, products, funds and how they are structured. */
export const financingLists: Record<string, ListItem[]> = {
  contractType: items([
    ['LEASE', 'Lease', 'Crédit-bail'],
    ['LOAN', 'Loan', 'Prêt'],
    ['HIRE_PURCHASE', 'Hire purchase', "Location avec option d'achat"],
    ['OPERATING_LEASE', 'Operating lease', 'Location longue durée'],
    ['RENTAL', 'Rental', 'Location'],
  ]),
  financialProduct: items([
    ['LEASE', 'Lease', 'Crédit-bail'],
    ['FINANCIAL_LEASE', 'Financial lease', 'Location financière'],
    ['OPERATING_LEASE', 'Operating lease', 'Location longue durée'],
    ['LOAN', 'Loan', 'Prêt'],
    ['BALLOON_LOAN', 'Balloon loan', 'Prêt ballon'],
    ['HIRE_PURCHASE', 'Hire purchase', "Location avec option d'achat"],
    ['CREDIT_LINE', 'Credit line', 'Ligne de crédit'],
    ['RENTAL', 'Rental', 'Location'],
    ['SALE_AND_LEASEBACK', 'Sale and leaseback', 'Cession-bail'],
  ]),
  financialScheme: items([
    ['LINEAR', 'Linear', 'Linéaire'],
    ['DEGRESSIVE', 'Degressive', 'Dégressif'],
    ['PROGRESSIVE', 'Progressive', 'Progressif'],
    ['BALLOON', 'Balloon', 'Ballon'],
    ['SEASONAL', 'Seasonal', 'Saisonnier'],
    ['DEFERRED', 'Deferred start', 'Différé'],
    ['STEPPED', 'Stepped', 'Par paliers'],
    ['CUSTOM', 'Custom', 'Sur mesure'],
  ]),
  /** Spec 000 §3: the value is the period in days. */
  frequency: items([
    ['1', 'Daily', 'Quotidienne'],
    ['7', 'Weekly', 'Hebdomadaire'],
    ['30', 'Monthly', 'Mensuelle'],
    ['90', 'Quarterly', 'Trimestrielle'],
    ['180', 'Semester', 'Semestrielle'],
    ['360', 'Annual', 'Annuelle'],
    ['365', 'Annual (365 days)', 'Annuelle (365 jours)'],
  ]),
  purpose: items([
    ['VEHICLE', 'Vehicles', 'Véhicules'],
    ['EQUIPMENT', 'Equipment', 'Équipement'],
    ['IT', 'IT and technology', 'Informatique'],
    ['REAL_ESTATE', 'Real estate', 'Immobilier'],
    ['ENERGY', 'Energy transition', 'Transition énergétique'],
    ['WORKING_CAPITAL', 'Working capital', 'Besoin en fonds de roulement'],
    ['PERSONAL', 'Personal needs', 'Besoins personnels'],
  ]),
  subPurpose: items([
    ['NEW_VEHICLE', 'New vehicle', 'Véhicule neuf'],
    ['USED_VEHICLE', 'Used vehicle', "Véhicule d'occasion"],
    ['ELECTRIC_VEHICLE', 'Electric vehicle', 'Véhicule électrique'],
    ['CONSTRUCTION_EQUIPMENT', 'Construction equipment', 'Matériel de chantier'],
    ['AGRICULTURAL_EQUIPMENT', 'Agricultural equipment', 'Matériel agricole'],
    ['MEDICAL_EQUIPMENT', 'Medical equipment', 'Matériel médical'],
    ['HARDWARE', 'Hardware', 'Matériel informatique'],
    ['SOFTWARE', 'Software', 'Logiciels'],
    ['SOLAR_PANELS', 'Solar panels', 'Panneaux solaires'],
    ['OFFICE_FITTING', 'Office fitting', 'Aménagement de bureaux'],
    ['STOCK', 'Stock', 'Stock'],
  ]),
  managementType: items([
    ['DIRECT', 'Direct', 'Direct'],
    ['DELEGATED', 'Delegated', 'Délégué'],
    ['THIRD_PARTY', 'Third-party managed', 'Géré par un tiers'],
    ['SYNDICATED', 'Syndicated', 'Syndiqué'],
  ]),
  contractTag: items([
    ['VIP', 'VIP', 'VIP'],
    ['WATCHLIST', 'Watch list', 'Sous surveillance'],
    ['LITIGATION', 'Litigation', 'Contentieux'],
    ['RESTRUCTURED', 'Restructured', 'Restructuré'],
    ['FRAUD_SUSPICION', 'Fraud suspicion', 'Suspicion de fraude'],
    ['GREEN', 'Green financing', 'Financement vert'],
    ['EARLY_REPAYMENT', 'Early repayment', 'Remboursement anticipé'],
  ]),
  dealType: items([
    ['NEW_BUSINESS', 'New business', 'Affaire nouvelle'],
    ['RENEWAL', 'Renewal', 'Renouvellement'],
    ['REFINANCING', 'Refinancing', 'Refinancement'],
    ['ADDITIONAL_FINANCING', 'Additional financing', 'Financement complémentaire'],
  ]),
  creditLineType: items([
    ['REVOLVING', 'Revolving', 'Renouvelable'],
    ['NON_REVOLVING', 'Non-revolving', 'Non renouvelable'],
    ['STOCK_FINANCING', 'Stock financing', 'Financement de stock'],
    ['FRAMEWORK', 'Framework envelope', 'Enveloppe cadre'],
    ['OVERDRAFT', 'Overdraft', 'Découvert autorisé'],
  ]),
  productType: items([
    ['STANDARD', 'Standard', 'Standard'],
    ['PROMOTIONAL', 'Promotional', 'Promotionnel'],
    ['PARTNER', 'Partner programme', 'Programme partenaire'],
    ['REFINANCING', 'Refinancing', 'Refinancement'],
  ]),
  quotationType: items([
    ['STANDARD', 'Standard offer', 'Offre standard'],
    ['SIMULATION', 'Simulation', 'Simulation'],
    ['COUNTER_OFFER', 'Counter-offer', 'Contre-proposition'],
    ['RENEWAL', 'Renewal', 'Renouvellement'],
  ]),
  agreementType: items([
    ['PARTNER', 'Partner agreement', 'Convention partenaire'],
    ['VENDOR', 'Vendor programme', 'Accord fournisseur'],
    ['BROKER', 'Broker agreement', 'Convention de courtage'],
    ['FRAMEWORK', 'Framework agreement', 'Accord-cadre'],
    ['REFINANCING', 'Refinancing agreement', 'Convention de refinancement'],
  ]),
  amendmentType: items([
    ['DURATION_CHANGE', 'Duration change', 'Modification de durée'],
    ['AMOUNT_CHANGE', 'Amount change', 'Modification du montant'],
    ['ASSET_CHANGE', 'Asset change', 'Modification des biens'],
    ['PAYER_CHANGE', 'Change of payer', 'Changement de payeur'],
    ['PAYMENT_DATE_CHANGE', 'Payment date change', 'Changement de date de prélèvement'],
    ['RESCHEDULING', 'Rescheduling', 'Réaménagement'],
    ['TRANSFER', 'Contract transfer', 'Transfert de contrat'],
    ['EARLY_TERMINATION', 'Early termination', 'Résiliation anticipée'],
    ['RATE_CHANGE', 'Rate change', 'Changement de taux'],
    ['PARTIAL_PREPAYMENT', 'Partial prepayment', 'Remboursement anticipé partiel'],
  ]),
  externalContractType: items([
    ['LEASE', 'Lease', 'Crédit-bail'],
    ['LOAN', 'Loan', 'Prêt'],
    ['INSURANCE', 'Insurance', 'Assurance'],
    ['SERVICE', 'Service', 'Service'],
  ]),
  collateralType: items([
    ['PERSONAL_GUARANTEE', 'Personal guarantee', 'Caution personnelle'],
    ['BANK_GUARANTEE', 'Bank guarantee', 'Garantie bancaire'],
    ['SECURITY_DEPOSIT', 'Security deposit', 'Dépôt de garantie'],
    ['PLEDGE', 'Pledge', 'Nantissement'],
    ['MORTGAGE', 'Mortgage', 'Hypothèque'],
    ['BUYBACK_AGREEMENT', 'Buy-back agreement', 'Engagement de reprise'],
    ['LETTER_OF_COMFORT', 'Letter of comfort', "Lettre d'intention"],
  ]),
  financingServiceType: items(services),
  assetServiceCatalogItemType: items(services),
  fundType: items([
    ['OWN_FUNDS', 'Own funds', 'Fonds propres'],
    ['BANK', 'Bank refinancing', 'Refinancement bancaire'],
    ['SECURITISATION', 'Securitisation', 'Titrisation'],
    ['PUBLIC', 'Public funding', 'Financement public'],
    ['INVESTMENT_FUND', 'Investment fund', "Fonds d'investissement"],
  ]),
  fundingType: items([
    ['REFINANCING', 'Refinancing', 'Refinancement'],
    ['SYNDICATION', 'Syndication', 'Syndication'],
    ['ASSIGNMENT', 'Receivables assignment', 'Cession de créances'],
    ['SUBSIDY', 'Subsidy', 'Subvention'],
  ]),
  contractLotType: items([
    ['ASSIGNMENT', 'Receivables assignment', 'Cession de créances'],
    ['SECURITISATION', 'Securitisation', 'Titrisation'],
    ['REFINANCING', 'Refinancing', 'Refinancement'],
    ['PORTFOLIO_SALE', 'Portfolio sale', 'Cession de portefeuille'],
  ]),
  // When instalments fall in their period (finance engine: `timing`).
  paymentTiming: items([
    ['arrears', 'In arrears', 'Terme échu'],
    ['advance', 'In advance', 'Terme à échoir'],
  ]),
  // What a deferral period pays (finance engine: `deferralMode`).
  deferralMode: items([
    ['interest', 'Interest only', 'Intérêts seuls'],
    ['capitalised', 'Capitalised interest', 'Intérêts capitalisés'],
  ]),
  // Where a quotation's residual value comes from (financing/residual-value.ts on the server).
  residualValueSource: items([
    ['MANUAL', 'Typed in', 'Saisie'],
    ['CATALOGUE', 'Catalogue curve', 'Courbe du catalogue'],
  ]),
  // Where a contract element's schedule line stands: billing reads the planned ones.
  scheduleLineStatus: items([
    ['PLANNED', 'Planned', 'Prévue'],
    ['INVOICED', 'Invoiced', 'Facturée'],
    ['PAID', 'Paid', 'Payée'],
    ['CANCELLED', 'Cancelled', 'Annulée'],
  ]),
  // How a contract ends at its term (spec: end of life).
  endOfTermOption: items([
    ['PURCHASE', 'Purchase option exercised', "Option d'achat levée"],
    ['RETURN', 'Asset returned', 'Bien restitué'],
  ]),
};
