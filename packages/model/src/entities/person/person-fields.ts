import type { Fields } from '../../fields.ts';
import {
  boolean,
  currency,
  date,
  email,
  iban,
  integer,
  json,
  link,
  list,
  multiSelect,
  object,
  percentage,
  phone,
  select,
  text,
} from '../../fields.ts';
import type { ColumnInput, FilterInput } from '../../search.ts';
import { column, equal, range, regex } from '../../search.ts';

/** Persons and prospects share one field set, filters and columns (spec 002 §3, 001 §3). */

/** An identifier of a person (SIREN, VAT number, Spanish tax id…). */
const registrationItem = {
  id: text({ hidden: true, label: 'ID' }),
  // The list of types depends on the person type (individualRegistrationType, companyRegistrationType, …).
  type: text({ mandatory: true }),
  number: text(),
  deliveredBy: text(),
  deliveryDate: date(),
  validUntil: date(),
  verified: boolean(),
  verificationDate: date(),
  verificationType: text(),
};

const contactItem = {
  title: select('title'),
  firstName: text(),
  lastName: text(),
  secondName: text(),
  position: text({ mandatory: true }),
  phone: phone(),
  mobile: phone(),
  email: email(),
  linkedIn: text(),
  facebook: text(),
  instagram: text(),
  isDefault: boolean(),
  isSelected: boolean({ hidden: true }),
};

/** Address fields, shared with any kind that holds addresses. */
export const addressFields = {
  type: select('addressType', { mandatory: true }),
  addressLine: text(),
  address1: text(),
  address2: text(),
  zipcode: text(),
  city: text(),
  state: text(),
  cityCode: text(),
  country: select('country'),
  // GeoJSON point: coordinates are [longitude, latitude].
  location: object({ type: text(), coordinates: json() }),
  streetName: text(),
  streetType: text(),
  streetNumber: text(),
  door: text(),
  floor: text(),
  // The building of an address (Bâtiment): its own label, as Block is the transition that blocks a record.
  block: text({ label: 'Building' }),
  division: text(),
  subDivision: text(),
  zones: json(),
  epciCode: text(),
  epciLabel: text(),
  invalidAddress: boolean(),
  invalidAddressDate: date(),
} satisfies Fields;

const sepaMandateItem = {
  rumName: text({ label: 'Mandate name' }),
  rumReference: text({ label: 'UMR reference' }),
  rumStatus: select('sepaMandateStatus', { label: 'Mandate status' }),
  rumDateOfSignature: date({ label: 'Mandate signature date' }),
  rumPlaceOfSignature: text({ label: 'Mandate signature place' }),
  rumType: text({ label: 'Mandate type' }),
  rumFrequency: text({ label: 'Mandate frequency' }),
};

const bankAccountItem = {
  name: text({ mandatory: true }),
  isInactive: boolean(),
  bankIban: iban({ label: 'IBAN' }),
  bankBic: text({ label: 'BIC' }),
  bankName: text(),
  bankOwner: text(),
  bankOpeningDate: date(),
  bankPreferredWithdrawalDate: date(),
  externalReference: text(),
  sepaCreditorIdentifier: text({ label: 'SEPA creditor identifier' }),
  collectionMethods: multiSelect('paymentMode'),
  sepaMandates: list(sepaMandateItem, { label: 'SEPA mandates' }),
};

const identity = {
  // Given by the client (a 3-character type code and the number); numbered by the server when absent.
  registration: text(),
  registrations: list(registrationItem),
  orgaRegistration: link('Person'),
  roles: list({ role: select('personRole', { mandatory: true }) }),
  commercialName: text(),
  legalForm: select('legalForm'),
  title: select('title'),
  firstName: text(),
  lastName: text(),
  secondName: text(),
  phone: phone(),
  mobile: phone(),
  email: email(),
  preferredLanguage: select('locale'),
  currency: select('currency'),
  timeZone: text(),
  fiscalCode: text(),
  siret: text({ label: 'SIRET' }),
  activityCode: select('activityCode'),
  // The user signed in as this person (set when a user is created with syncPerson).
  username: text({ readOnly: true }),
  riskClass: select('riskClass'),
  accountingReference: text(),
  internalReference: text(),
  externalReference: text(),
};

const birth = {
  birthDate: date(),
  birthPlace: text(),
  birthZipcode: text(),
  birthCountry: select('country'),
  nationality: select('country'),
};

const web = { website: text(), linkedIn: text(), facebook: text(), instagram: text() };

const company = {
  creationDate: date(),
  registrationDate: date(),
  shareCapital: currency(),
  registrationCountry: select('country'),
  registrationPlace: text(),
  registrationInfo: text(),
  vatScheme: select('vatScheme', { label: 'VAT scheme' }),
  naceCode: text({ label: 'NACE code' }),
  sectorCode: text(),
  insuranceNumber: text(),
  legalRepresentative: text(),
  administrativeStatus: text(),
  yearOfReference: integer(),
  companySize: select('companySize'),
  nbOfEmployees: integer({ min: 0 }),
  accountingStandards: text(),
  totalBalancesheet: currency(),
  totalTurnover: currency(),
  legalProceedingsStatus: text(),
  dateLegalProceeding: date(),
};

const individual = {
  familyMaritalStatus: select('familyMaritalStatus'),
  familyMaritalContract: text(),
  familyNumberOfDependents: integer({ min: 0 }),
  employmentJobDescription: text(),
  employmentSector: text(),
  employmentContractType: select('employmentContractType'),
  employmentStartDate: date(),
  employmentEndDate: date(),
  incomeSource: text(),
  incomeSalary: currency(),
  incomeHousing: currency(),
  incomeAllocation: currency(),
  incomeOther: currency(),
  incomeTotal: currency(),
  expenditureHousingMonthlyRental: currency(),
  expenditureHousingMortgageRepayment: currency(),
  expenditureOtherLoanRepayment: currency(),
  expenditureAlimony: currency(),
  expenditureTaxes: currency(),
  expenditureTotal: currency(),
};

/**
 * The persons this one holds or is linked to (relation diagram, spec 002 §3): the other side
 * finds its ascendants by looking for itself in these lists.
 */
const descendantItem = {
  personRegistration: link('Person', { mandatory: true }),
  relation: select('personRelation', { mandatory: true }),
  // Share of the descendant held, as a fraction (0.6 = 60 %).
  stake: percentage({ min: 0, max: 1 }),
};

export const personFields = {
  ...identity,
  ...birth,
  ...web,
  ...company,
  ...individual,
  contacts: list(contactItem),
  addresses: list(addressFields),
  bankAccounts: list(bankAccountItem),
  descendants: list(descendantItem),
} satisfies Fields;

/** Flags a record may carry for each field as `props_{field}` (spec 002 §3): shown, editable, grid width. */
/** The French of the written labels the person fields introduce: persons and prospects share them. */
export const personFieldTexts: Record<string, string> = {
  ID: 'Identifiant',
  'Mandate name': 'Nom du mandat',
  'UMR reference': 'Référence RUM',
  Building: 'Bâtiment',
  'Mandate status': 'Statut du mandat',
  'Mandate signature date': 'Date de signature du mandat',
  'Mandate signature place': 'Lieu de signature du mandat',
  'Mandate type': 'Type de mandat',
  'Mandate frequency': 'Périodicité du mandat',
  IBAN: 'IBAN',
  BIC: 'BIC',
  'SEPA creditor identifier': 'Identifiant créancier SEPA',
  'SEPA mandates': 'Mandats SEPA',
  SIRET: 'SIRET',
  'VAT scheme': 'Régime de TVA',
  'NACE code': 'Code NACE',
};

export const fieldPropsFlags = { hidden: 'boolean', disabled: 'boolean', colProps: 'object' } as const;

export const personSearch: FilterInput[] = [
  'registration',
  regex('name'),
  equal('type'),
  regex('addressLine', { field: 'addresses.addressLine' }),
  range('birthDate'),
  equal('role', { field: 'roles.role' }),
  equal('status'),
  equal('nationality'),
  equal('legalForm'),
  equal('activityCode'),
  equal('accountingReference'),
  // "references" of the spec: the person's own internal and external references.
  equal('internalReference'),
  equal('externalReference'),
  regex('mobile'),
  regex('phone'),
  regex('email', { anchored: true }),
  // Any identifier of the person, whatever its type (registrations[].number).
  equal('registrationNumber', { field: 'registrations.number' }),
  equal('registrationType', { field: 'registrations.type', hidden: true }),
  // The persons holding a given person (its ascendants).
  equal('descendant', { field: 'descendants.personRegistration', hidden: true }),
];

export const personColumns: ColumnInput[] = [
  'registration',
  'name',
  'type',
  column('addresses.0.addressLine', { label: 'Address' }),
  'birthDate',
  column('roles', { render: 'object' }),
  'status',
  'nationality',
  'legalForm',
  'activityCode',
  'accountingReference',
  'internalReference',
  'externalReference',
  'mobile',
  'phone',
  'email',
  column('registrations', { render: 'object', hidden: true }),
];

export const personTextSearch = ['registration', 'name', 'firstName', 'lastName', 'email'];
