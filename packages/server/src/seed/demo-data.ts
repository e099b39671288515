/**
 * Deterministic generator of a realistic leasing book: persons, prospects, assets, contracts
 * with parties and quotations, deals, invoices, postings and tickets. Record `i` of a kind is
 * a pure function of `i`, so the benchmark can stream millions of rows in chunks and the
 * first-start seed and tests get the same shapes.
 */
import { demoGroup, personDetails } from './demo-persons.ts';

type Doc = Record<string, unknown>;

const firstNames = [
  'Camille',
  'Louis',
  'Emma',
  'Hugo',
  'Léa',
  'Lucas',
  'Chloé',
  'Jules',
  'Manon',
  'Arthur',
  'Sofia',
  'Mateo',
  'Anna',
  'Noah',
  'Inès',
  'Paul',
  'Clara',
  'Tom',
  'Alice',
  'Adam',
];
const lastNames = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'García',
  'Müller',
  'Rossi',
  'Jansen',
  'Novak',
  'Kowalski',
];
const companyWords = [
  'Transports',
  'Logistique',
  'Bâtiment',
  'Santé',
  'Agri',
  'Tech',
  'Imprimerie',
  'Boulangerie',
  'Garage',
  'Clinique',
  'Studio',
  'Énergie',
];
const cities = [
  ['75002', 'Paris'],
  ['69003', 'Lyon'],
  ['13001', 'Marseille'],
  ['31000', 'Toulouse'],
  ['33000', 'Bordeaux'],
  ['59000', 'Lille'],
  ['44000', 'Nantes'],
  ['67000', 'Strasbourg'],
];
const assetModels = [
  ['VEHICLE', 'Renault Master L2H2'],
  ['VEHICLE', 'Peugeot 308 SW'],
  ['TRUCK', 'Volvo FH 500'],
  ['IT_EQUIPMENT', 'Dell Latitude 7450 (x20)'],
  ['MACHINE', 'Trumpf TruLaser 3030'],
  ['MEDICAL', 'Siemens Acuson Sequoia'],
  ['OFFICE', 'Canon imageRUNNER C5860i'],
];
const contractStatuses = [
  'DRAFT',
  'SUBMITTED',
  'APPROVED',
  'ACTIVE',
  'ACTIVE',
  'ACTIVE',
  'ACTIVE',
  'TERMINATED',
  'CANCELLED',
  'REJECTED',
];
const dealStatuses = ['DRAFT', 'SUBMITTED', 'APPROVED', 'WON', 'LOST', 'REJECTED'];
const invoiceStatuses = ['ISSUED', 'PAID', 'PAID', 'PAID', 'PARTIALLY_PAID', 'DRAFT', 'CANCELLED'];
const products = ['LEASE', 'FINANCIAL_LEASE', 'OPERATING_LEASE', 'LOAN', 'HIRE_PURCHASE'];
const ticketSubjects = [
  'Change of bank details',
  'Early termination quote',
  'Insurance certificate missing',
  'Invoice copy requested',
  'Address change',
  'Payment holiday request',
  'Asset damaged',
  'Mileage update',
];

/** A small, fast, seedable PRNG (mulberry32) so that data is the same on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const cents = (n: number) => Math.round(n * 100) / 100;
const reg = (prefix: string, i: number) => `${prefix}${String(i + 1).padStart(6, '0')}`;
const day = (base: string, days: number) => new Date(Date.parse(base) + days * 86400000).toISOString().slice(0, 10);

export interface Prefixes {
  person: string;
  prospect: string;
  asset: string;
  contract: string;
  deal: string;
  invoice: string;
  posting: string;
  ticket: string;
}

/** Rows of the kinds the benchmark scales; `others`: rows of each kind without a count of its own. */
export interface BookSize {
  persons: number;
  prospects: number;
  assets: number;
  contracts: number;
  deals: number;
  invoices: number;
  postings: number;
  tickets: number;
  others: number;
}

export const demoSize: BookSize = {
  persons: 300,
  prospects: 120,
  assets: 400,
  contracts: 250,
  deals: 80,
  invoices: 600,
  postings: 900,
  tickets: 60,
  others: 12,
};

/** Sizes of a book of `contracts` contracts, other kinds in proportion. */
export function bookSize(contracts: number): BookSize {
  return {
    persons: Math.max(50, Math.round(contracts / 4)),
    prospects: Math.max(20, Math.round(contracts / 10)),
    assets: contracts,
    contracts,
    deals: Math.round(contracts / 5),
    invoices: contracts * 2,
    postings: contracts * 3,
    tickets: Math.round(contracts / 10),
    others: Math.min(2000, Math.max(12, Math.round(contracts / 50))),
  };
}

const personSeed = (i: number, prospect: boolean) => 1000003 * (i + 1) + (prospect ? 7 : 0);
const isCompanyAt = (i: number) => random(personSeed(i, false))() < 0.55;
/** A small group of linked persons among the first ones (relation diagram). */
const group = demoGroup(isCompanyAt);

/**
 * The lessor: the organization of every contract, the seller of every invoice, the creditor of every
 * direct debit (its bank account carries the SEPA creditor identifier) and the account holder of the
 * bank statements. A company with its SIREN and head office, as on a real invoice.
 */
export function lessorAt(p: Prefixes): Doc {
  const registration = reg(p.person, 0);
  const name = 'Lumière Leasing SAS';
  const details = personDetails({
    index: 0,
    registration,
    company: true,
    client: false,
    name,
    firstName: 'Claire',
    lastName: 'Vasseur',
    email: 'contact@lumiere-leasing.example.com',
    phone: '+33142861200',
  });
  return {
    registration,
    status: 'ACTIVE',
    type: 'C',
    name,
    legalForm: 'SAS',
    shareCapital: 12000000,
    creationDate: '2004-03-15',
    email: 'contact@lumiere-leasing.example.com',
    phone: '+33142861200',
    roles: [{ role: 'ORGANIZATION' }],
    addresses: [
      {
        type: 'MAIN',
        address1: '18 rue de la Chaussée d’Antin',
        zipcode: '75009',
        city: 'Paris',
        country: 'FR',
        addressLine: '75009 Paris',
      },
    ],
    currency: 'EUR',
    ...details,
    bankAccounts: (details.bankAccounts as Doc[]).map((account) => ({
      ...account,
      name: 'Collections account',
      bankOwner: name,
    })),
  };
}

export function personAt(i: number, p: Prefixes, prospect = false): Doc {
  if (i === 0 && !prospect) return lessorAt(p);
  const rnd = random(personSeed(i, prospect));
  const company = rnd() < 0.55;
  const [zipcode, city] = pick(rnd, cities);
  const first = pick(rnd, firstNames);
  const last = pick(rnd, lastNames);
  const name = company
    ? `${pick(rnd, companyWords)} ${last} ${pick(rnd, ['SAS', 'SARL', 'SA', 'EURL'])}`
    : `${first} ${last}`;
  const roles = company
    ? [
        { role: 'CLIENT' },
        ...(rnd() < 0.15 ? [{ role: 'PARTNER' }] : []),
        ...(rnd() < 0.1 ? [{ role: 'SUPPLIER' }] : []),
      ]
    : [{ role: rnd() < 0.9 ? 'CLIENT' : 'SALES' }];
  const registration = reg(prospect ? p.prospect : p.person, i);
  const email = `${(company ? name.split(' ')[1] : `${first}.${last}`)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^\w.]/g, '')}${i}@example.com`;
  // A Paris number in E.164, as phones are stored.
  const phone = `+331${String(10 + (i % 90))}${String(10 + ((i * 7) % 90))}${String(10 + ((i * 13) % 90))}${String(10 + ((i * 17) % 90))}`;
  const links = prospect ? undefined : group.get(i);
  return {
    registration,
    status: prospect ? pick(rnd, ['NEW', 'CONTACTED', 'QUALIFIED']) : 'ACTIVE',
    type: company ? 'C' : 'I',
    name,
    ...(company
      ? {
          legalForm: 'SAS',
          shareCapital: Math.round(rnd() * 50) * 10000,
          creationDate: day('2005-01-01', Math.floor(rnd() * 6000)),
        }
      : { firstName: first, lastName: last, birthDate: day('1955-01-01', Math.floor(rnd() * 16000)) }),
    email,
    phone,
    roles,
    addresses: [
      {
        type: 'MAIN',
        address1: `${1 + (i % 120)} rue ${pick(rnd, ['de la Paix', 'Victor Hugo', 'du Commerce', 'Pasteur', 'des Lilas'])}`,
        zipcode,
        city,
        country: 'FR',
        addressLine: `${zipcode} ${city}`,
      },
    ],
    currency: 'EUR',
    ...personDetails({
      index: i,
      registration,
      company,
      client: roles.some((r) => r.role === 'CLIENT'),
      name,
      firstName: first,
      lastName: last,
      email,
      phone,
    }),
    ...(links
      ? {
          descendants: links.map((l) => ({
            personRegistration: reg(p.person, l.index),
            relation: l.relation,
            stake: l.stake,
          })),
        }
      : {}),
  };
}

export function assetAt(i: number, p: Prefixes, size: BookSize): Doc {
  const rnd = random(2000003 * (i + 1));
  const [type, model] = pick(rnd, assetModels);
  const unitPrice = cents(5000 + rnd() * 120000);
  return {
    registration: reg(p.asset, i),
    status: 'ACTIVE',
    type,
    name: model,
    model,
    identificationNumber: `VF1${String(100000000 + i * 7919).slice(0, 9)}${i % 10}`,
    supplierRegistration: reg(p.person, Math.floor(rnd() * size.persons)),
    quantity: 1,
    unitPrice,
    priceExclTax: unitPrice,
    priceInclTax: cents(unitPrice * 1.2),
    taxCode: 'VAT20',
    currency: 'EUR',
  };
}

export function contractAt(i: number, p: Prefixes, size: BookSize, deal = false): Doc {
  const rnd = random(3000017 * (i + 1) + (deal ? 11 : 0));
  const amount = cents(8000 + rnd() * 150000);
  const duration = pick(rnd, [24, 36, 48, 60, 72]);
  const startDate = day('2021-01-01', Math.floor(rnd() * 1800));
  const product = pick(rnd, products);
  const frequency = pick(rnd, ['30', '30', '30', '90']);
  const client = deal
    ? reg(p.prospect, Math.floor(rnd() * size.prospects))
    : reg(p.person, Math.floor(rnd() * size.persons));
  const asset = reg(p.asset, i % size.assets);
  return {
    registration: reg(deal ? p.deal : p.contract, i),
    status: pick(rnd, deal ? dealStatuses : contractStatuses),
    type: deal
      ? pick(rnd, ['NEW_BUSINESS', 'NEW_BUSINESS', 'RENEWAL', 'REFINANCING'])
      : product === 'LOAN'
        ? 'LOAN'
        : 'LEASE',
    name: `${product.replace(/_/g, ' ').toLowerCase()} ${i + 1}`,
    financialProduct: product,
    financialScheme: 'LINEAR',
    managementType: pick(rnd, ['DIRECT', 'DELEGATED']),
    purpose: pick(rnd, ['EQUIPMENT', 'VEHICLE', 'IT']),
    frequency,
    duration,
    financedAmountExclTax: amount,
    currency: 'EUR',
    startDate,
    endDate: day(startDate, duration * 30),
    internalReference: `IR-${100000 + i}`,
    persons: [
      { role: 'CLIENT', personRegistration: client },
      { role: 'PARTNER', personRegistration: reg(p.person, Math.floor(rnd() * size.persons)) },
      { role: 'SALES', personRegistration: reg(p.person, Math.floor(rnd() * size.persons)) },
    ],
    assets: [
      {
        assetRegistration: asset,
        isFinanced: true,
        quantity: 1,
        unitPrice: amount,
        priceExclTax: amount,
        priceInclTax: cents(amount * 1.2),
        taxCode: 'VAT20',
        currency: 'EUR',
      },
    ],
    quotations: [
      {
        financialProduct: product,
        financialScheme: 'LINEAR',
        financedAmountExclTax: amount,
        rate: Math.round((0.02 + rnd() * 0.06) * 10000) / 10000,
        duration,
        frequency,
        residualValue: cents(amount * 0.1),
      },
    ],
  };
}

export function invoiceAt(i: number, p: Prefixes, size: BookSize): Doc {
  const rnd = random(4000037 * (i + 1));
  const contract = Math.floor(rnd() * size.contracts);
  const amount = cents(150 + rnd() * 3000);
  const issueDate = day('2023-01-01', Math.floor(rnd() * 900));
  return {
    registration: reg(p.invoice, i),
    status: pick(rnd, invoiceStatuses),
    type: 'RENT_NOTICE',
    pr: 'R',
    name: `Rent ${issueDate.slice(0, 7)}`,
    invoiceNumber: `F${issueDate.slice(0, 4)}-${String(i + 1).padStart(7, '0')}`,
    contractRegistration: reg(p.contract, contract),
    paymentMode: 'SEPA_DIRECT_DEBIT',
    paymentCondition: 'NET_30',
    persons: [
      { role: 'PAYER', personRegistration: reg(p.person, Math.floor(rnd() * size.persons)) },
      { role: 'PAYEE', personRegistration: reg(p.person, 0) },
    ],
    amountExclTax: amount,
    amountInclTax: cents(amount * 1.2),
    currency: 'EUR',
    issueDate,
    generationDate: issueDate,
    dueDate: day(issueDate, 30),
  };
}

/** Postings go in balanced pairs (client debited, rents credited by as much), each pair one posting event. */
export function postingAt(i: number, p: Prefixes, size: BookSize): Doc {
  const pair = Math.floor(i / 2);
  const rnd = random(5000011 * (pair + 1));
  const invoice = Math.floor(rnd() * size.invoices);
  const dc = i % 2 === 0 ? 'D' : 'C';
  return {
    registration: reg(p.posting, i),
    status: 'VALIDATED',
    type: 'INVOICE',
    name: `Invoice posting ${i + 1}`,
    eventType: 'INVOICE_ISSUED',
    dc,
    account: dc === 'D' ? '411000' : '706000',
    amount: cents(150 + rnd() * 3000),
    date: day('2023-01-01', Math.floor(rnd() * 900)),
    currency: 'EUR',
    postingEventRegistration: reg(postingEventPrefix, pair),
    invoiceRegistration: reg(p.invoice, invoice),
    contractRegistration: reg(p.contract, Math.floor(rnd() * size.contracts)),
  };
}

/** The posting event of each pair of postings (postingAt). */
export const postingEventPrefix = 'PEV';

export function ticketAt(i: number, p: Prefixes, size: BookSize): Doc {
  const rnd = random(6000011 * (i + 1));
  return {
    registration: reg(p.ticket, i),
    status: pick(rnd, ['NEW', 'IN_PROGRESS', 'WAITING', 'RESOLVED', 'CLOSED']),
    type: 'REQUEST',
    name: pick(rnd, ticketSubjects),
    priority: pick(rnd, ['LOW', 'NORMAL', 'HIGH']),
    persons: [{ role: 'CLIENT', personRegistration: reg(p.person, Math.floor(rnd() * size.persons)) }],
    contractRegistration: reg(p.contract, Math.floor(rnd() * size.contracts)),
  };
}
