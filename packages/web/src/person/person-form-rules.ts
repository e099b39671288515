import type { FormField } from '../fields/form-field.ts';
import { personProblems } from '@lbo/model/entities/person/person-rules';
import { fillEnglish } from '../i18n/i18n.ts';

/**
 * The person form by type (spec 002 §2, §3, §5): which sections a type shows and which fields
 * are mandatory. Pure: the editor and the quick-add modal both build their fields from here.
 */
export const personTypes = ['I', 'E', 'P', 'O', 'C'] as const;
export type PersonType = (typeof personTypes)[number];

/** Individual or employee; company or organization; professional. */
export type PersonKind = 'individual' | 'company' | 'professional';

export function kindOf(type: unknown): PersonKind {
  if (type === 'I' || type === 'E') return 'individual';
  if (type === 'P') return 'professional';
  return 'company';
}

export interface Section {
  /** Card title (translated by the screen). */
  title: string;
  fields: string[];
}

const identity: Section = {
  title: 'Identity',
  fields: [
    'type',
    'title',
    'firstName',
    'lastName',
    'secondName',
    'phone',
    'mobile',
    'email',
    'preferredLanguage',
    'currency',
    'timeZone',
    'orgaRegistration',
    'username',
  ],
};
const birth: Section = {
  title: 'Birth',
  fields: ['birthDate', 'birthPlace', 'birthZipcode', 'birthCountry', 'nationality'],
};
const web: Section = { title: 'Web', fields: ['website', 'linkedIn', 'facebook', 'instagram'] };
const legal: Section = {
  title: 'Legal',
  fields: [
    'name',
    'commercialName',
    'legalForm',
    'fiscalCode',
    'siret',
    'activityCode',
    'creationDate',
    'registrationDate',
    'shareCapital',
    'registrationCountry',
    'registrationPlace',
    'registrationInfo',
    'vatScheme',
    'naceCode',
    'sectorCode',
    'insuranceNumber',
    'legalRepresentative',
    'administrativeStatus',
    'yearOfReference',
    'companySize',
    'nbOfEmployees',
    'accountingStandards',
    'totalBalancesheet',
    'totalTurnover',
    'legalProceedingsStatus',
    'dateLegalProceeding',
  ],
};
const references: Section = {
  title: 'References',
  fields: ['riskClass', 'accountingReference', 'internalReference', 'externalReference'],
};
const family: Section = {
  title: 'Family',
  fields: ['familyMaritalStatus', 'familyMaritalContract', 'familyNumberOfDependents'],
};
const employment: Section = {
  title: 'Employment',
  fields: [
    'employmentJobDescription',
    'employmentSector',
    'employmentContractType',
    'employmentStartDate',
    'employmentEndDate',
  ],
};
const income: Section = {
  title: 'Income (monthly net)',
  fields: ['incomeSource', 'incomeSalary', 'incomeHousing', 'incomeAllocation', 'incomeOther', 'incomeTotal'],
};
const expenditure: Section = {
  title: 'Expenditure (monthly net)',
  fields: [
    'expenditureHousingMonthlyRental',
    'expenditureHousingMortgageRepayment',
    'expenditureOtherLoanRepayment',
    'expenditureAlimony',
    'expenditureTaxes',
    'expenditureTotal',
  ],
};

const companyIdentity: Section = {
  title: 'Identity',
  fields: [
    'type',
    'name',
    'commercialName',
    'legalForm',
    'phone',
    'mobile',
    'email',
    'preferredLanguage',
    'currency',
    'timeZone',
    'orgaRegistration',
  ],
};
const companyLegal: Section = { ...legal, fields: legal.fields.filter((f) => !companyIdentity.fields.includes(f)) };

/**
 * Scalar sections per kind. Contacts, addresses, bank accounts, registrations and roles have
 * their own panels. An individual has no legal section; employmentEndDate is for individuals only.
 */
export function sectionsOf(type: unknown): Section[] {
  switch (kindOf(type)) {
    case 'individual':
      return [
        identity,
        birth,
        web,
        family,
        type === 'I'
          ? employment
          : { ...employment, fields: employment.fields.filter((f) => f !== 'employmentEndDate') },
        income,
        expenditure,
        references,
      ];
    case 'professional':
      return [identity, { ...legal, fields: legal.fields }, birth, web, references];
    default:
      return [companyIdentity, companyLegal, web, references];
  }
}

/** Panels (cards with their own editor) a kind shows; a professional needs a contact (spec 002 §5). */
export const panelsOf = (type: unknown) => ({
  contacts: true,
  addresses: true,
  bankAccounts: true,
  family: kindOf(type) === 'individual',
});

/** Mandatory fields by type (spec 002 §5): name for companies, lastName for individuals. */
export function mandatoryOf(type: unknown): Set<string> {
  const kind = kindOf(type);
  if (kind === 'individual') return new Set(['lastName']);
  if (kind === 'professional') return new Set();
  return new Set(['name']);
}

/** The fields of a type's section with its mandatory flags applied. */
export function fieldsOfSection(section: Section, all: Map<string, FormField>, type: unknown): FormField[] {
  const mandatory = mandatoryOf(type);
  return section.fields
    .map((name) => all.get(name))
    .filter((f): f is FormField => Boolean(f))
    .map((f) => (mandatory.has(f.name) ? { ...f, mandatory: true } : f));
}

/** A record's `props_{field}` flags (spec 002 §3): hidden and disabled fields. */
export function withFieldProps(fields: FormField[], values: Record<string, unknown>): FormField[] {
  return fields.map((f) => {
    const props = values[`props_${f.name}`] as { hidden?: boolean; disabled?: boolean } | null | undefined;
    if (!props || typeof props !== 'object') return f;
    return {
      ...f,
      ...(props.hidden === true ? { hidden: true } : {}),
      ...(props.disabled === true ? { disabled: true } : {}),
    };
  });
}

export const identifierMandatory = 'Person identifier is mandatory';

/** `registrations[1].number` → `registrations.1.number`; the missing identifier shows on the registration field. */
const formPath = (field: string) => (field === 'registrations' ? 'registration' : field.replace(/\[(\d+)\]/g, '.$1'));

/**
 * The model's rules across fields (spec 002 §5), by form path: a professional's identifier and
 * contact, registration numbers by type, BICs. Missing values only once a save was tried.
 */
export function personRuleErrors(
  values: Record<string, unknown>,
  {
    submitted = true,
    translate = fillEnglish,
  }: { submitted?: boolean; translate?: (k: string, v?: Record<string, unknown>) => string } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of personProblems(values)) {
    if (problem.code === 'MISSING_FIELD_IN_BODY' && !submitted) continue;
    errors[formPath(problem.field)] ??= translate(problem.message);
  }
  return errors;
}

/** The name a person is listed under: the company name, else first and last name. */
export function displayName(values: Record<string, unknown>): string | undefined {
  if (kindOf(values.type) === 'company')
    return typeof values.name === 'string' && values.name.trim() ? values.name : undefined;
  const full = [values.firstName, values.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
  return full || (typeof values.name === 'string' ? values.name : undefined);
}

/** A role shows its label, or `{role} (???)` when the personRole list does not hold it (spec 002 §3). */
export function roleLabel(role: string, options: { value: string; label: string }[]): string {
  return options.find((o) => o.value === role)?.label ?? `${role} (???)`;
}

/** The registration-type list of a person type (spec 002 §3). */
export function registrationTypeList(type: unknown): string {
  if (type === 'P') return 'professionalRegistrationType';
  if (type === 'O') return 'organizationRegistrationType';
  if (type === 'C') return 'companyRegistrationType';
  return 'individualRegistrationType';
}
