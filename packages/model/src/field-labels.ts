import type { Entity } from './entity.ts';
import { fieldAt } from './field-at.ts';
import type { FilterDef } from './search.ts';

/** `contractRegistration` → `Contract registration`: the label of a name nobody worded. */
export function humanise(name: string): string {
  const words = name
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label a field shows: its declared one, else one made from its name. */
export const fieldLabel = (name: string, field: { label?: string }): string => field.label ?? humanise(name);

/**
 * Acronyms a person writes in capitals; made from a name they come out as words (`Iban`,
 * `Rum reference`, `Sepas`).
 */
const acronyms = new Set([
  'ape',
  'api',
  'apr',
  'bic',
  'csv',
  'ics',
  'iban',
  'id',
  'ip',
  'irr',
  'kyc',
  'lei',
  'naf',
  'nace',
  'nif',
  'pdf',
  'rib',
  'rum',
  'sepa',
  'siren',
  'siret',
  'sso',
  'tva',
  'umr',
  'url',
  'uuid',
  'vat',
  'xml',
]);

/** English words of one or two letters a label may be (`To`). */
const shortWords = new Set(['to', 'on', 'at', 'by', 'in', 'of', 'is', 'no', 'up']);

/**
 * Whether a label looks made by a machine from a name rather than written: one or two letters
 * (`Pr`, `Dc`), an acronym not in capitals (`Iban`, `Rum reference`), an acronym's plural
 * (`Sepas`).
 */
export function machineMade(label: string): boolean {
  const whole = label.trim();
  if (/^[A-Za-z]{1,2}$/.test(whole))
    return (
      !shortWords.has(whole.toLowerCase()) && !(acronyms.has(whole.toLowerCase()) && whole === whole.toUpperCase())
    );
  return label.split(/[\s/()-]+/).some((word) => {
    const lower = word.toLowerCase();
    if (acronyms.has(lower)) return word !== word.toUpperCase();
    return (
      lower.endsWith('s') && acronyms.has(lower.slice(0, -1)) && word.slice(0, -1) !== word.slice(0, -1).toUpperCase()
    );
  });
}

/**
 * The label of a search filter: that of the field it reads when the filter is named after it
 * (`pr` → `Payable or receivable`), else one made from its name (`payer` → `Payer`).
 */
export function filterLabel(kind: Pick<Entity, 'fields'>, filter: Pick<FilterDef, 'name' | 'field'>): string {
  const path = filter.field ?? filter.name;
  const last = path.split('.').pop();
  const field = fieldAt(kind, path);
  return last === filter.name && field?.label ? field.label : humanise(filter.name);
}
