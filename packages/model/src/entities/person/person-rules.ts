import { ApiError } from '../../errors.ts';
import { checkBic } from '../../values/identifiers/bank-ids.ts';
import {
  checkRegistration,
  isAutomaticRegistrationType,
  type RegistrationCheckOptions,
} from '../../values/identifiers/registration-check.ts';
import { fieldPropsFlags, personFields } from './person-fields.ts';

/**
 * Rules of a person or prospect across fields (spec 002 §5), pure so that the web form and the
 * server apply the same: the mandatory fields of each person type and the format of its
 * identifiers. `personProblems` lists every problem (for a form); `checkPerson` throws the first.
 */
export interface PersonProblem {
  code: 'MISSING_FIELD_IN_BODY' | 'INVALID_FIELD_VALUE';
  /** Path of the field (`registrations[1].number`). */
  field: string;
  /** What to show next to the field. */
  message: string;
  value?: unknown;
}

type Doc = Record<string, unknown>;
const items = (v: unknown): Doc[] =>
  Array.isArray(v) ? v.filter((i): i is Doc => typeof i === 'object' && i !== null) : [];
const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null);

/** Person types whose identity is a name (companies, organizations) or a last name (individuals, employees). */
export const companyPersonTypes = ['C', 'O'];
export const individualPersonTypes = ['I', 'E'];

/** Whether a registration row counts: it has a number, or the server will number it. */
export const registrationRowKept = (row: Doc) =>
  filled(row.number) || isAutomaticRegistrationType(String(row.type ?? ''));

export function personProblems(
  doc: Doc,
  options: { registration?: (type: string) => RegistrationCheckOptions } = {},
): PersonProblem[] {
  const problems: PersonProblem[] = [];
  const missing = (field: string, label: string) =>
    problems.push({ code: 'MISSING_FIELD_IN_BODY', field, message: `${label} is mandatory` });
  const type = String(doc.type ?? '');
  if (companyPersonTypes.includes(type) && !filled(doc.name)) missing('name', 'Name');
  if (individualPersonTypes.includes(type) && !filled(doc.lastName)) missing('lastName', 'Last name');
  const registrations = items(doc.registrations);
  if (type === 'P') {
    if (!filled(doc.registration) && !registrations.some(registrationRowKept))
      missing('registrations', 'Person identifier');
    if (!items(doc.contacts).length) missing('contacts', 'Contact');
  }
  registrations.forEach((row, i) => {
    if (!filled(row.number)) return;
    const rowType = String(row.type ?? '');
    const message = checkRegistration(rowType, String(row.number), options.registration?.(rowType));
    if (message)
      problems.push({ code: 'INVALID_FIELD_VALUE', field: `registrations[${i}].number`, message, value: row.number });
  });
  items(doc.bankAccounts).forEach((account, i) => {
    if (!filled(account.bankBic)) return;
    const message = checkBic(String(account.bankBic));
    if (message)
      problems.push({
        code: 'INVALID_FIELD_VALUE',
        field: `bankAccounts[${i}].bankBic`,
        message,
        value: account.bankBic,
      });
  });
  for (const [key, value] of Object.entries(doc)) {
    if (!key.startsWith('props_')) continue;
    const problem = propsProblem(key, value);
    if (problem) problems.push({ code: 'INVALID_FIELD_VALUE', field: key, message: problem, value });
  }
  return problems;
}

/** `props_{field}`: a declared field, and an object of the known flags with their types. */
function propsProblem(key: string, value: unknown): string | null {
  if (!Object.hasOwn(personFields, key.slice('props_'.length))) return 'Unknown field';
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return 'Must be an object';
  for (const [flag, v] of Object.entries(value as Doc)) {
    const type = fieldPropsFlags[flag as keyof typeof fieldPropsFlags];
    if (!type) return `Unknown flag ${flag}`;
    if (v !== null && (type === 'object' ? typeof v !== 'object' || Array.isArray(v) : typeof v !== type))
      return `${flag} must be a ${type}`;
  }
  return null;
}

/** Throws the first problem as the catalogue error naming the field (`reason` carries the message). */
export function checkPerson(
  doc: Doc,
  options: { registration?: (type: string) => RegistrationCheckOptions } = {},
): void {
  const [first] = personProblems(doc, options);
  if (!first) return;
  if (first.code === 'MISSING_FIELD_IN_BODY')
    throw new ApiError('MISSING_FIELD_IN_BODY', [first.field], { reason: first.message });
  throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(first.value), first.field], { reason: first.message });
}
