/**
 * What makes each kind of the demo book real: names a user recognises, amounts that add up,
 * parties with the roles their filters look for, products whose tables the pricing engine reads
 * (finance/README.md, "Product tables"). Fields a recipe leaves undefined are filled from their
 * declaration by demo-book.ts; `null` keeps a field empty where a value would not make sense.
 */
import { depreciationSchedule } from '@lbo/model/finance/depreciation';
import type { DemoContext, Doc, Recipe } from './demo-book.ts';
import { withFilledKinds } from './demo-filled-kinds.ts';
import { assetAt, contractAt, invoiceAt, personAt, postingAt, ticketAt, type BookSize } from './demo-data.ts';
import { lessorChart } from '@lbo/model/finance/chart-of-accounts';
import { frenchIbanAt } from './demo-persons.ts';

/** Index of a generated registration (`CT000042` → 41). */
const indexOf = (registration: string) => Number(registration.replace(/^\D+/, '')) - 1;
const fixed = (n: number) => () => n;

/** A person of the book holding `role`, looked for from a random start; the first person otherwise. */
function personWithRole(ctx: DemoContext, role: string): { role: string; personRegistration: string; name: string } {
  const start = ctx.int(0, ctx.size.persons - 1);
  for (let k = 0; k < Math.min(400, ctx.size.persons); k++) {
    const person = ctx.record('Person', (start + k) % ctx.size.persons);
    if ((person.roles as { role: string }[] | undefined)?.some((r) => r.role === role)) {
      return { role, personRegistration: String(person.registration), name: String(person.name) };
    }
  }
  return { ...ctx.party(role), role };
}

/** The contract's client, as a `persons[]` item with another role when asked. */
function clientOf(ctx: DemoContext, contractRegistration: string, role = 'CLIENT') {
  const contract = ctx.record('Contract', indexOf(contractRegistration));
  const client = (contract.persons as { role: string; personRegistration: string; name?: string }[])[0];
  return { role, personRegistration: client.personRegistration, name: client.name ?? '' };
}

/** Names the persons of `persons[]` items, for the list columns that show them. */
function named(ctx: DemoContext, items: { personRegistration: string }[]): Doc[] {
  return items.map((item) => {
    const kind = item.personRegistration.startsWith(ctx.prefixes.prospect) ? 'Prospect' : 'Person';
    return { ...item, name: ctx.record(kind, indexOf(item.personRegistration)).name };
  });
}

/** Monthly coefficients, rates and insurance cost by amount (rows) and months (columns). */
const productTables = [
  {
    name: 'Equipment lease coefficients',
    type: 'coefficientsTable',
    format: 'number',
    periodicity: '30',
    maxAmount: 500000,
    maxDuration: 84,
    rows: [
      [null, 24, 36, 48, 60],
      [1000, 0.0462, 0.0321, 0.0252, 0.0211],
      [10000, 0.0455, 0.0312, 0.0244, 0.0203],
      [50000, 0.0449, 0.0307, 0.0239, 0.0198],
    ],
  },
  {
    name: 'Vehicle loan rates',
    type: 'ratesTable',
    format: 'percentage',
    periodicity: '30',
    maxAmount: 250000,
    maxDuration: 84,
    rows: [
      [null, 12, 37, 61],
      [0, 0.061, 0.058, 0.055],
      [15000, 0.054, 0.051, 0.049],
      [50000, 0.049, 0.047, 0.045],
    ],
  },
  {
    name: 'Credit insurance',
    type: 'costTable',
    format: 'percentage',
    periodicity: '360',
    rows: [
      [null, 1],
      [0, 0.012],
    ],
  },
];

/** Products under each contract type, with the table or fixed rate that prices them. */
const products = [
  { name: 'Equipment lease', contractType: 'LEASE', code: 'LEASE', coefficientsTable: 0, costTable: 2 },
  { name: 'Vehicle loan', contractType: 'LOAN', code: 'LOAN', ratesTable: 1, costTable: 2 },
  { name: 'Financial lease', contractType: 'LEASE', code: 'FINANCIAL_LEASE', rate: 0.052 },
  { name: 'Operating lease', contractType: 'OPERATING_LEASE', code: 'OPERATING_LEASE', rate: 0.058 },
  { name: 'Hire purchase', contractType: 'HIRE_PURCHASE', code: 'HIRE_PURCHASE', rate: 0.049 },
  { name: 'Balloon loan', contractType: 'LOAN', code: 'BALLOON_LOAN', rate: 0.045 },
];

const funds = [
  { name: 'Own funds', type: 'OWN_FUNDS', creditLimit: 25_000_000, outstanding: 18_400_000 },
  { name: 'BNP Paribas refinancing line', type: 'BANK', creditLimit: 40_000_000, outstanding: 31_250_000 },
  { name: 'Auto ABS 2024-1', type: 'SECURITISATION', creditLimit: 60_000_000, outstanding: 57_900_000 },
  { name: 'EIB SME green envelope', type: 'PUBLIC', creditLimit: 15_000_000, outstanding: 4_800_000 },
];

const demoUsers = [
  ['camille.martin', 'Camille', 'Martin', ['BACK_OFFICE']],
  ['hugo.bernard', 'Hugo', 'Bernard', ['SALES']],
  ['lea.dubois', 'Léa', 'Dubois', ['ACCOUNTANT']],
  ['paul.moreau', 'Paul', 'Moreau', ['COLLECTOR']],
  ['ines.petit', 'Inès', 'Petit', ['SUPPORT']],
  ['arthur.simon', 'Arthur', 'Simon', ['AUDITOR']],
] as const;
const usernameAt = (i: number) => `${demoUsers[i % demoUsers.length][0]}@example.com`;

const flags = [
  'billing-run-v2',
  'sepa-instant-payments',
  'new-person-editor',
  'dunning-letters',
  'ai-document-reader',
  'camt-auto-matching',
];
const scripts = [
  'contract-checklist',
  'invoice-number-format',
  'monthly-billing-report',
  'dunning-cron',
  'kyc-check',
  'asset-valuation',
];
const keyValues = ['welcome', 'pricing-guide', 'partner-portal', 'sepa-faq', 'year-end-closing', 'fleet-offer'];

/** Names of the kinds that have nothing more specific to them than a name and a type. */
const names: Record<string, string[]> = {
  AmendmentCatalogItem: [
    'Duration extension',
    'Payment day change',
    'Payer change',
    'Early buyout',
    'Asset swap',
    'Rate revision',
  ],
  AssetLot: [
    'Returned vans Q1',
    'Auction Lyon May',
    'Remarketing IT batch',
    'Trucks end of lease',
    'Medical devices lot',
    'Transfer to dealer',
  ],
  AssetServiceCatalogItem: [
    'Full maintenance',
    'Tyres 4 seasons',
    'Replacement vehicle',
    'GAP insurance',
    'Fuel card',
    'Extended warranty',
  ],
  BankAccount: [
    'BNP Paribas collections',
    'Société Générale disbursements',
    'Crédit Agricole escrow',
    'La Banque Postale current',
    'CIC savings',
    'LCL collections',
  ],
  BankOperation: [
    'Supplier payment',
    'Direct debit run',
    'Bank fees',
    'Interest credit',
    'Cheque deposit',
    'Card settlement',
  ],
  BankStatement: ['Statement BNP', 'Statement SG', 'Statement CA', 'Statement LBP', 'Statement CIC', 'Statement LCL'],
  // As a French bank words its entries.
  BankTransaction: [
    'REMISE PRLV SEPA',
    'VIR SEPA RECU',
    'IMPAYE PRLV SEPA',
    'FRAIS TENUE DE COMPTE',
    'INTERETS CREDITEURS',
    'VIR SEPA EMIS FOURNISSEUR',
  ],
  Batch: [
    'Monthly billing',
    'SEPA collection',
    'Dunning level 1',
    'Accounting export',
    'Person import',
    'Purge of logs',
  ],
  Budget: ['Operations 2025', 'IT capex 2025', 'Sales Q3', 'Marketing fairs', 'Fleet renewal project', 'Green lending'],
  Campaign: [
    'Spring equipment offer',
    'Electric vehicles 2025',
    'Renewal reminders',
    'Partner fair Lyon',
    'Medical sector mailing',
    'Solar panels',
  ],
  Cashflow: [
    'Client receipt',
    'Supplier disbursement',
    'Refund of deposit',
    'Adjustment',
    'Partner commission',
    'Insurance payout',
  ],
  Camt: ['camt.053 BNP', 'camt.054 SG', 'camt.052 CA intraday', 'camt.053 CIC', 'camt.054 LCL', 'camt.053 LBP'],
  Claim: [
    'Windscreen broken',
    'Stolen laptop',
    'Rear-end collision',
    'Engine breakdown',
    'Flooded warehouse',
    'Third-party damage',
  ],
  Dtxn: [
    'Bulk status update',
    'Contract import',
    'Invoice cancel',
    'Person merge',
    'Asset transfer',
    'Posting reversal',
  ],
  ExternalData: [
    'Credit bureau report',
    'Company registry extract',
    'Vehicle valuation',
    'Bank file',
    'Address check',
    'E-signature proof',
  ],
  ExternalContract: [
    'Insurance policy',
    'Maintenance contract',
    'Competitor loan',
    'Service agreement',
    'Fleet lease',
    'Buyback',
  ],
  FinancingService: [
    'Full maintenance',
    'Credit insurance',
    'Replacement vehicle',
    'Tyres',
    'Assistance 24/7',
    'Extended warranty',
  ],
  Flow: [
    'Bank statements inbound',
    'Accounting export',
    'Partner quotes',
    'E-invoicing',
    'Credit bureau',
    'Registry sync',
  ],
  Funding: [
    'Refinancing tranche A',
    'Syndication share',
    'Assignment to ABS',
    'Regional subsidy',
    'Refinancing tranche B',
    'EIB envelope',
  ],
  Import: [
    'Persons from CRM',
    'Contracts migration',
    'Assets catalogue',
    'Opening invoices',
    'Opening postings',
    'Bank statements',
  ],
  Inspection: [
    'Delivery check',
    'Annual inspection',
    'Return inspection',
    'Damage assessment',
    'Valuation visit',
    'Periodic control',
  ],
  PaymentFileLine: ['Direct debit', 'Credit transfer', 'Reject', 'Refund', 'Direct debit', 'Credit transfer'],
  PersonAmendment: [
    'New head office address',
    'Bank details change',
    'Company renamed',
    'New contact',
    'Legal form change',
    'Merger',
  ],
  PrivateEquityAsset: ['GreenFleet SAS', 'MedTech Lyon', 'Logistique Ouest', 'SolarGrid', 'DataBox', 'AgriNova'],
  PrivateEquityOperation: ['Series A', 'Follow-on', 'Partial exit', 'Dividend 2024', 'Revaluation', 'Exit'],
  PrivateEquityTransaction: [
    'Capital call 1',
    'Distribution',
    'Share purchase',
    'Share sale',
    'Management fee',
    'Interest',
  ],
  ProductCatalogItem: [
    'Equipment lease',
    'Vehicle loan',
    'Arrangement fee',
    'Credit insurance',
    'Fleet package',
    'Maintenance service',
  ],
  ProductElementCatalogItem: [
    'Monthly rent',
    'Instalment',
    'Down payment',
    'Residual value',
    'Arrangement fee',
    'Security deposit',
  ],
  Report: [
    'Portfolio by product',
    'Arrears ageing',
    'Regulatory COREP',
    'Risk dashboard',
    'Sales pipeline',
    'Monthly P&L',
  ],
  Rule: [
    'Max financed amount',
    'Partner eligibility',
    'Minimum rate',
    'Delegation level 2',
    'VAT posting',
    'Arrears alert',
  ],
  Score: ['Credit score', 'Behavioural score', 'Fraud score', 'Internal rating', 'ESG score', 'Credit score renewal'],
  SystemEvent: [
    'Contract created',
    'Invoice updated',
    'Person deleted',
    'Contract approved',
    'Admin signed in',
    'Billing run completed',
  ],
  TimeEntry: ['Contract review', 'Client meeting', 'Travel to Lyon', 'Support call', 'Training', 'Leave'],
  Vote: ['Approval', 'Approval with conditions', 'Rejection', 'Abstention', 'Approval', 'Approval'],
  Voting: [
    'Credit committee vote',
    'Risk policy vote',
    'Partner onboarding',
    'Budget approval',
    'Write-off vote',
    'Fund allocation',
  ],
  Location: [
    'Head office Paris',
    'Lyon branch',
    'Marseille warehouse',
    'Dealer Toulouse',
    'Parking Lille',
    'Client site Nantes',
  ],
  Mail: ['Welcome', 'Invoice available', 'Payment reminder', 'Password reset', 'Offer', 'Contract signed'],
  Metric: [
    'Contracts signed',
    'Financed amount',
    'Average rate',
    'Arrears ratio',
    'Time to decision',
    'Active clients',
  ],
  Sheet: ['Pricing simulation', 'Residual values', 'Budget 2025', 'Dashboard', 'Fleet simulation', 'Rate grid'],
  Organization: [
    'Paris agency',
    'Lyon agency',
    'Fleet business unit',
    'Equipment business unit',
    'Risk department',
    'Holding',
  ],
  CampaignContact: ['Target', 'Target', 'Control group', 'Target', 'Test', 'Target'],
  AssetExpense: ['Repair', 'Maintenance', 'Insurance', 'Registration', 'Tolls', 'Fine'],
  InvoiceLine: ['Rent', 'Interest', 'Principal', 'Arrangement fee', 'Insurance', 'Service'],
  CashflowAllocation: [
    'Allocation to invoice',
    'Advance',
    'Overpayment',
    'Write-off',
    'Allocation to invoice',
    'Allocation to invoice',
  ],
  Quotation: ['Standard offer', 'Simulation', 'Counter-offer', 'Renewal offer', 'Standard offer', 'Simulation'],
  AccessStat: ['Daily access', 'Daily access', 'Daily access', 'Daily access', 'Daily access', 'Daily access'],
  MetricRecord: ['Daily figure', 'Daily figure', 'Daily figure', 'Daily figure', 'Daily figure', 'Daily figure'],
};

const simple = (kind: string): Recipe => ({
  make: (ctx) => ({
    name: `${names[kind][ctx.i % names[kind].length]}${ctx.i >= names[kind].length ? ` ${Math.floor(ctx.i / names[kind].length) + 1}` : ''}`,
  }),
});

const ownRecipes: Record<string, Recipe> = {
  ...Object.fromEntries(Object.keys(names).map((kind) => [kind, simple(kind)])),

  // Persons and the book the benchmark scales.
  Person: { count: (s) => s.persons, make: (ctx) => personAt(ctx.i, ctx.prefixes), complete: true },
  Prospect: { count: (s) => s.prospects, make: (ctx) => personAt(ctx.i, ctx.prefixes, true), complete: true },
  Asset: { count: (s) => s.assets, make: (ctx) => assetAt(ctx.i, ctx.prefixes, ctx.size), complete: true },
  Contract: { count: (s) => s.contracts, make: (ctx) => contractLike(ctx, false), complete: true },
  Deal: { count: (s) => s.deals, make: (ctx) => contractLike(ctx, true), complete: true },
  Invoice: {
    count: (s) => s.invoices,
    complete: true,
    make: (ctx) => {
      const doc = invoiceAt(ctx.i, ctx.prefixes, ctx.size);
      const contract = String(doc.contractRegistration);
      const total = Number(doc.amountInclTax);
      const balance: Record<string, number> = { PAID: 0, PARTIALLY_PAID: Math.round(total * 50) / 100 };
      return {
        ...doc,
        persons: [
          clientOf(ctx, contract, 'PAYER'),
          {
            role: 'PAYEE',
            personRegistration: String(ctx.record('Person', 0).registration),
            name: ctx.record('Person', 0).name,
          },
        ],
        totalBalance: balance[String(doc.status)] ?? total,
        paymentDate: doc.status === 'PAID' ? shift(String(doc.dueDate), -ctx.int(0, 10)) : null,
        internalReference: null,
        externalReference: null,
      };
    },
  },
  // Postings in balanced pairs, each pair the postings of one posting event (the database refuses an unbalanced event).
  Posting: {
    count: (s) => s.postings - (s.postings % 2),
    complete: true,
    make: (ctx) => {
      const doc = postingAt(ctx.i, ctx.prefixes, ctx.size);
      const invoice = invoiceAt(indexOf(String(doc.invoiceRegistration)), ctx.prefixes, ctx.size);
      return {
        ...doc,
        eventType: 'INVOICE_ISSUED',
        contractRegistration: invoice.contractRegistration,
        date: invoice.issueDate,
        // Entries of the book taken over, on no client's sub-ledger: the demo's own history posts its clients'.
        personRegistration: null,
        assetRegistration: null,
        cashflowRegistration: null,
        creditLineRegistration: null,
        secondaryAccount: null,
        documentReference: invoice.invoiceNumber,
        code: null,
      };
    },
  },
  // Manual entries and inventories are made through their workflow once the history is posted (accounting/demo-bookings.ts).
  Booking: { count: fixed(0), make: () => ({}) },
  Inventory: { count: fixed(0), make: () => ({}) },
  // The demo chart of accounts the demo posting rules use (accounting/posting-rules.ts).
  AccountingCatalogItem: {
    count: fixed(lessorChart.length),
    complete: true,
    make: (ctx) => {
      const [account, name, auxiliary] = lessorChart[ctx.i];
      return { account, name, accountClass: account[0], auxiliary: !!auxiliary, status: 'ACTIVE' };
    },
  },
  PostingEvent: {
    count: (s) => Math.floor(s.postings / 2),
    complete: true,
    make: (ctx) => {
      const debit = ctx.record('Posting', ctx.i * 2);
      return {
        status: 'PROCESSED',
        eventType: 'INVOICE_ISSUED',
        name: `Invoice ${String(debit.documentReference)}`,
        date: debit.date,
        postingDate: debit.date,
        amount: debit.amount,
        currency: 'EUR',
        postingCount: 2,
        documentReference: debit.documentReference,
        invoiceRegistration: debit.invoiceRegistration,
        contractRegistration: debit.contractRegistration,
        account: '411000',
        secondaryAccount: '706000',
      };
    },
  },
  Ticket: { count: (s) => s.tickets, make: (ctx) => ticketAt(ctx.i, ctx.prefixes, ctx.size), complete: true },

  // Financing: the tables and products that price a plan, funds, partners' agreements, credit lines.
  ProductTable: {
    count: fixed(productTables.length),
    make: (ctx) => ({
      maxAmount: null,
      maxDuration: null,
      ...productTables[ctx.i],
      status: 'ACTIVE',
      currency: 'EUR',
      description: null,
    }),
  },
  Product: {
    count: fixed(products.length),
    make: (ctx) => {
      const p = products[ctx.i];
      const table = (n: number | undefined) => (n === undefined ? null : ctx.ref('ProductTable', n));
      return {
        name: p.name,
        contractType: p.contractType,
        code: p.code,
        type: ctx.i < 2 ? 'STANDARD' : 'PARTNER',
        status: 'ACTIVE',
        rate: p.rate ?? null,
        ratesTableRegistration: table(p.ratesTable),
        coefficientsTableRegistration: table(p.coefficientsTable),
        costTableRegistration: table(p.costTable),
        startDate: '2024-01-01',
        endDate: '2026-12-31',
        reference: `PRD-${p.code}`,
        allocation: 'Retail',
        fundRegistration: ctx.ref('Fund', ctx.i),
        contractRegistration: null,
      };
    },
  },
  Fund: {
    count: fixed(funds.length),
    make: (ctx) => {
      const f = funds[ctx.i];
      return {
        ...f,
        status: 'ACTIVE',
        available: f.creditLimit - f.outstanding,
        managementType: ctx.i === 0 ? 'DIRECT' : 'DELEGATED',
        currency: 'EUR',
      };
    },
  },
  Agreement: {
    make: (ctx) => {
      const partner = personWithRole(ctx, 'PARTNER');
      const start = ctx.day(-ctx.int(60, 900));
      return {
        name: `${partner.name} partnership`,
        partnerRegistration: partner.personRegistration,
        trigram: partner.name
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase(),
        startDate: start,
        endDate: shift(start, 3 * 365),
        status: ctx.pick(['ACTIVE', 'ACTIVE', 'ACTIVE', 'SUBMITTED', 'DRAFT', 'EXPIRED']),
        description: `Vendor programme: ${ctx.pick(['vehicles', 'IT equipment', 'medical devices', 'construction machines'])}, commission ${ctx.int(1, 4)} %.`,
      };
    },
  },
  CreditLine: {
    make: (ctx) => {
      const client = ctx.party('CLIENT');
      const limit = ctx.int(5, 60) * 10000;
      const outstanding = Math.round(limit * ctx.rnd() * 0.7);
      const pending = Math.round((limit - outstanding) * ctx.rnd() * 0.3);
      const start = ctx.day(-ctx.int(30, 700));
      return {
        name: `${client.name} credit line`,
        persons: [client],
        creditLimit: limit,
        outstanding,
        pending,
        available: limit - outstanding - pending,
        liveStock: outstanding,
        financialProduct: ctx.pick(['LEASE', 'LOAN', 'CREDIT_LINE']),
        startDate: start,
        endDate: shift(start, 2 * 365),
        status: ctx.pick(['ACTIVE', 'ACTIVE', 'APPROVED', 'SUBMITTED', 'SUSPENDED']),
        quotations: null,
        assets: null,
      };
    },
  },
  ContractElement: {
    count: (s) => Math.min(s.contracts, 4 * s.others),
    make: (ctx) => {
      const contract = ctx.record('Contract', ctx.i);
      const rent = Math.round((Number(contract.financedAmountExclTax) / Number(contract.duration)) * 1.04 * 100) / 100;
      return {
        name: `Rent ${contract.registration}`,
        type: 'RENT',
        code: 'RENT',
        contractRegistration: contract.registration,
        payerRegistration: clientOf(ctx, String(contract.registration)).personRegistration,
        payeeRegistration: `${ctx.prefixes.person}000001`,
        startDate: contract.startDate,
        endDate: contract.endDate,
        totalPayment: Math.round(rent * Number(contract.duration) * 100) / 100,
        status: 'ACTIVE',
        pr: 'R',
        quotationRegistration: null,
        groupKey: String(contract.registration),
      };
    },
  },
  ContractLot: {
    make: (ctx) => ({
      name: `Lot ${ctx.day(-30 * ctx.i).slice(0, 7)}`,
      contractRegistration: ctx.ref('Contract'),
      fundRegistration: ctx.ref('Fund', 1 + (ctx.i % 3)),
      fundingRegistration: ctx.ref('Funding'),
      rate: ctx.amount(3, 5) / 100,
      totalAmount: ctx.int(5, 40) * 100000,
    }),
  },
  Amendment: {
    make: (ctx) => {
      const contract = String(ctx.ref('Contract'));
      return {
        name: `Amendment of ${contract}`,
        contractRegistration: contract,
        persons: [clientOf(ctx, contract)],
        quotations: [{ financedAmountExclTax: ctx.int(10, 150) * 1000 }],
        description: null,
      };
    },
  },

  // Assets around the contracts.
  AssetCatalogItem: {
    make: (ctx) => {
      // Vehicles in the tenant-maintained asset catalogues searched by name (docs/vehicle-catalogue.md).
      const [catalogName, name, price, rvCode] = ctx.pick([
        ['AUTOVISTA', 'Renault Master L2H2', 38900, 'RV-LCV-3'],
        ['EMPREKIS', 'Peugeot e-208', 32500, 'RV-CAR-2'],
        ['AUTOBIZ', 'Volkswagen Golf 1.5 eTSI', 31900, 'RV-CAR-2'],
        ['CARTELL', 'Citroën Jumpy M', 31500, 'RV-LCV-2'],
        ['ACB', 'Toyota Hilux double cab', 42900, 'RV-LCV-1'],
        ['IT', 'Dell Latitude 7450', 1650, null],
        ['Machines', 'Trumpf TruLaser 3030', 420000, null],
        ['Medical', 'Siemens Acuson Sequoia', 185000, null],
        ['Office', 'Canon imageRUNNER C5860i', 14900, null],
      ] as const);
      return {
        name,
        catalogName,
        subCatalogName: null,
        type: 'MODEL',
        unitPrice: price,
        sourcePrice: Math.round(price * 0.92),
        items: null,
        image: null,
        description: null,
        serviceCode: null,
        rvCode,
        paramsCatalog: null,
      };
    },
  },
  Maintenance: {
    make: (ctx) => {
      const amount = ctx.amount(150, 4000);
      return {
        name: ctx.pick(['Annual service', 'Brake pads', 'Tyres replaced', 'Bodywork repair', 'Safety inspection']),
        assetRegistration: ctx.ref('Asset'),
        persons: [personWithRole(ctx, 'SUPPLIER')],
        amountExclTax: amount,
        amountInclTax: Math.round(amount * 120) / 100,
      };
    },
  },
  Collateral: {
    make: (ctx) => ({
      name: ctx.pick([
        'Personal guarantee of the manager',
        'Security deposit',
        'Bank guarantee',
        'Pledge on vehicle',
        'Buyback by dealer',
      ]),
      personRegistration: ctx.ref('Person'),
      amount: ctx.int(2, 50) * 1000,
      percentage: ctx.int(5, 30) / 100,
      description: null,
    }),
  },
  DepreciationSchedule: {
    make: (ctx) => {
      const asset = ctx.record('Asset', ctx.i);
      const duration = ctx.pick([3, 5, 7]);
      const terms = {
        method: ctx.i % 3 === 0 ? 'DECLINING_BALANCE' : 'LINEAR',
        startDate: ctx.day(-ctx.int(30, 700)),
        duration,
        fiscalYearEndMonth: 12,
      };
      const schedule = depreciationSchedule({ ...terms, base: Number(asset.priceExclTax) });
      return {
        ...terms,
        name: `Depreciation of ${asset.name}`,
        assetRegistration: asset.registration,
        acquisitionValue: asset.priceExclTax,
        currency: 'EUR',
        depreciableBase: schedule.base,
        endDate: schedule.lines[schedule.lines.length - 1].endDate,
        lines: schedule.lines,
        coefficient: schedule.coefficient,
        salvageValue: null,
        prorata: null,
        orgaRegistration: null,
      };
    },
  },

  // Billing and bank.
  PaymentFile: {
    make: (ctx) => ({
      name: `Direct debits ${ctx.day(-30 * ctx.i).slice(0, 7)}`,
      type: 'PAIN_008',
      fileDate: ctx.day(-30 * ctx.i),
    }),
  },
  Sepa: {
    make: (ctx) => {
      const client = ctx.party('CLIENT');
      return {
        name: `Mandate ${client.name}`,
        persons: [client],
        method: 'SEPA_DIRECT_DEBIT',
        iban: frenchIbanAt(indexOf(client.personRegistration)),
      };
    },
  },

  // Support, cases and communication.
  Case: {
    make: (ctx) => {
      const invoice = invoiceAt(ctx.int(0, ctx.size.invoices - 1), ctx.prefixes, ctx.size);
      return {
        name: `Arrears ${invoice.invoiceNumber}`,
        contractRegistration: invoice.contractRegistration,
        invoiceRegistration: invoice.registration,
        amount: invoice.amountInclTax,
        date: shift(String(invoice.dueDate), 30),
        lastContact: shift(String(invoice.dueDate), ctx.int(31, 90)),
        persons: [clientOf(ctx, String(invoice.contractRegistration))],
        score: ctx.int(1, 100),
        lastAction: ctx.pick(['Relance envoyée', 'Appel passé', 'Promesse de paiement', 'Mise en demeure']),
        assetRegistration: null,
        assetLotRegistration: null,
      };
    },
  },
  Communication: {
    make: (ctx) => {
      const contract = String(ctx.ref('Contract'));
      const subject = ctx.pick([
        'Welcome pack',
        'Payment reminder',
        'Insurance certificate',
        'Renewal offer',
        'Call about mileage',
        'Invoice copy',
      ]);
      return {
        name: subject,
        subject,
        category: ctx.pick(['Billing', 'Commercial', 'Collection', 'Service']),
        persons: [clientOf(ctx, contract)],
        contractRegistration: contract,
        invoiceRegistration: null,
        projectRegistration: null,
      };
    },
  },
  Project: {
    make: (ctx) => {
      const client = ctx.party('CLIENT');
      return {
        name: `${ctx.pick(['Fleet renewal', 'Solar roof', 'Warehouse equipment', 'IT refresh', 'Medical imaging'])} — ${client.name}`,
        persons: [client],
        clientOwnerRegistration: client.personRegistration,
        addressLine: null,
      };
    },
  },
  Committee: {
    make: (ctx) => {
      const start = `${ctx.day(7 * ctx.i - 40)}T14:00:00.000Z`;
      return {
        name: `${ctx.pick(['Credit', 'Risk', 'Partner'])} committee ${start.slice(0, 10)}`,
        subject: 'Files above delegation',
        startDate: start,
        endDate: start.replace('T14', 'T16'),
        persons: [0, 1, 2].map(() => ({
          ...personWithRole(ctx, 'PARTNER'),
          inviteStatus: ctx.pick(['INTENDED', 'PRESENTED']),
          rsvp: ctx.pick(['ACCEPTED', 'ACCEPTED', 'REFUSED']),
        })),
        projects: [{ projectRegistration: ctx.ref('Project') }],
        comment: null,
      };
    },
  },
  Question: {
    make: (ctx) => {
      const subject = ctx.pick([
        'How is a residual value set?',
        'Which documents for a company?',
        'Can a payment day change?',
        'What is a SEPA mandate?',
        'How to end a lease early?',
      ]);
      return { name: subject, subject, locale: 'en-GB', author: usernameAt(ctx.i), keywords: 'lease, contract' };
    },
  },
  Task: {
    make: (ctx) => {
      const subject = ctx.pick([
        'Call client about arrears',
        'Check insurance certificate',
        'Prepare committee file',
        'Send renewal offer',
        'Review KYC documents',
      ]);
      // Done only when finished, as the task's workflow keeps it.
      const status = ctx.pick(['OPEN', 'IN_PROGRESS', 'WAITING', 'DONE']);
      return {
        name: subject,
        subject,
        status,
        ownerUsername: usernameAt(ctx.i),
        profiles: ['BACK_OFFICE'],
        done: status === 'DONE',
      };
    },
  },
  Note: {
    make: (ctx) => {
      const person = String(ctx.ref('Person'));
      const [name, text] = ctx.pick([
        ['Call summary', '**Call summary**: the client confirms the delivery date.'],
        ['Risk comment', 'Risk comment: the balance sheet shows a *rising* debt ratio.'],
        ['Commercial follow-up', 'Commercial follow-up: send the renewal offer before the end of the month.'],
        ['Collection promise', 'Collection promise: payment announced for next Friday.'],
      ]);
      return { name, entityName: 'Person', entityRegistration: person, text, pinned: ctx.i === 0 };
    },
  },
  Document: {
    make: (ctx) => {
      const contract = String(ctx.ref('Contract'));
      const type = ctx.pick(['CONTRACT', 'SIGNED_CONTRACT', 'INVOICE', 'SEPA_MANDATE', 'BANK_DETAILS']);
      return {
        name: `${type.toLowerCase().replace(/_/g, '-')}-${contract}.pdf`,
        type,
        entityName: 'Contract',
        entityRegistration: contract,
        url: `demo/${contract}/${type.toLowerCase()}.pdf`,
        sortIndex: ctx.i,
        deliveryId: null,
        deliveryStatus: null,
        externalGroupId: null,
      };
    },
  },

  // Platform records a list screen shows: users, flags, scripts, translations, short links, logs.
  User: {
    count: fixed(demoUsers.length),
    key: usernameAt,
    make: (ctx) => {
      const [, firstName, lastName, profiles] = demoUsers[ctx.i];
      return {
        username: usernameAt(ctx.i),
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        email: usernameAt(ctx.i),
        profiles: [...profiles],
        locale: ctx.i % 2 ? 'fr-FR' : 'en-GB',
        status: 'ACTIVE',
        type: 'INTERNAL',
        mobile: null,
        personRegistration: null,
        partnerRegistration: null,
        orgaRegistration: null,
        prospectRegistration: null,
        canImpersonate: false,
        isAdmin: false,
        isMainAdmin: false,
        isSuperAdmin: false,
        isLocked: false,
        hasActivatedMfa: false,
        isNotificationsDisabled: false,
        timeZone: 'Europe/Paris',
        signatureUserId: null,
      };
    },
  },
  FeatureFlag: {
    count: fixed(flags.length),
    key: (i) => flags[i],
    make: (ctx) => ({ name: flags[ctx.i], status: ctx.pick(['DRAFT', 'ENABLED', 'DISABLED']) }),
  },
  Script: {
    count: fixed(scripts.length),
    key: (i) => scripts[i],
    make: (ctx) => ({
      name: scripts[ctx.i],
      status: 'DRAFT',
      code: `// ${scripts[ctx.i]}: a demo script, not run until activated\nexport default function run(context) {\n  return context;\n}\n`,
    }),
  },
  Locale: {
    count: fixed(2),
    key: (i) => ['fr-FR', 'en-GB'][i],
    make: (ctx) => ({
      locale: ['fr-FR', 'en-GB'][ctx.i],
      name: ['Français', 'English (UK)'][ctx.i],
      translations: {},
      missingKeys: [],
    }),
  },
  KeyValue: {
    count: fixed(keyValues.length),
    key: (i) => keyValues[i],
    make: (ctx) => ({
      shortKey: keyValues[ctx.i],
      name: keyValues[ctx.i],
      url: `/documentation/getting-started/${keyValues[ctx.i]}`,
      value: null,
    }),
  },
  ScriptLog: {
    make: (ctx) => ({
      name: `Run of ${scripts[ctx.i % scripts.length]}`,
      scriptName: scripts[ctx.i % scripts.length],
      username: usernameAt(ctx.i),
      level: ctx.pick(['info', 'info', 'warn', 'error']),
      requestId: `req-${10000 + ctx.i}`,
      output: 'Done.',
      expirationDate: `${ctx.day(90)}T00:00:00.000Z`,
    }),
  },
  Audit: {
    make: (ctx) => ({
      name: `${ctx.pick(['Sign-in', 'Export', 'Permission change', 'Impersonation'])} by ${usernameAt(ctx.i)}`,
    }),
  },
  AccessLog: {
    make: (ctx) => ({ name: `${ctx.pick(['GET', 'POST', 'PUT'])} /api/financing/contracts — ${usernameAt(ctx.i)}` }),
  },
  SystemLog: {
    make: (ctx) => ({
      name: ctx.pick(['Server started', 'Billing run finished', 'Slow query logged', 'Cache cleared']),
    }),
  },
};

/** With the fields of the kinds filled by docs/kinds.md, coherent with their rules. */
export const recipes: Record<string, Recipe> = withFilledKinds(ownRecipes);

const shift = (base: string, days: number) => new Date(Date.parse(base) + days * 86400000).toISOString().slice(0, 10);

/** The contract type under which each financial product of the book is sold. */
const contractTypes: Record<string, string> = {
  LEASE: 'LEASE',
  FINANCIAL_LEASE: 'LEASE',
  OPERATING_LEASE: 'OPERATING_LEASE',
  LOAN: 'LOAN',
  HIRE_PURCHASE: 'HIRE_PURCHASE',
};

/** A contract or deal with named parties; its financial product is one the book's products sell. */
function contractLike(ctx: DemoContext, deal: boolean): Doc {
  const doc = contractAt(ctx.i, ctx.prefixes, ctx.size as BookSize, deal);
  const contractType = contractTypes[String(doc.financialProduct)] ?? 'LEASE';
  return {
    ...doc,
    ...(deal ? {} : { type: contractType }),
    contractType,
    persons: named(ctx, doc.persons as { personRegistration: string }[]),
  };
}
