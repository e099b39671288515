import type { Entity } from '@lbo/model/entity';
import type { FieldDef, FieldType } from '@lbo/model/fields';
import { ApiError } from '@lbo/model/errors';
import { fieldLabel } from '@lbo/model/kind-labels';

/**
 * Columns to fields: the field paths a kind offers (`name`, `contacts[0].email`), the suggested
 * field of each column header (field names, English and French labels and common wordings,
 * case and accents ignored), and a row's document built from its cells.
 */
export type Mapping = Record<string, string>;

/** The longest text a cell may hold (Excel's own limit). */
export const CELL_LIMIT = 32_767;

export interface ImportableField {
  path: string;
  label: string;
  type: FieldType;
  mandatory: boolean;
}

/** `Raison sociale` → `raisonsociale`: lower case, without accents, spaces or punctuation. */
export const normalised = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Wordings of column headers met in spreadsheets, in English and French, by field name. */
const commonWordings: Record<string, string[]> = {
  name: ['Raison sociale', 'Nom', 'Dénomination', 'Company name', 'Company', 'Libellé', 'Full name'],
  firstName: ['Prénom', 'Given name', 'First name'],
  lastName: ['Nom de famille', 'Surname', 'Family name', 'Last name'],
  commercialName: ['Nom commercial', 'Enseigne', 'Trade name'],
  email: ['E-mail', 'Mail', 'Courriel', 'Adresse e-mail', 'Adresse électronique', 'Email address'],
  phone: ['Téléphone', 'Tél', 'Tel', 'Phone number', 'Numéro de téléphone'],
  mobile: ['Portable', 'Mobile', 'Cell phone', 'Téléphone portable'],
  registration: ['Identifiant', 'Référence', 'Reference', 'ID', 'Immatriculation'],
  type: ['Type'],
  currency: ['Devise', 'Currency'],
  amount: ['Montant', 'Amount'],
  startDate: ['Date de début', 'Début', 'Start'],
  endDate: ['Date de fin', 'Fin', 'End'],
  description: ['Description', 'Libellé long'],
  legalForm: ['Forme juridique'],
  title: ['Civilité', 'Titre'],
  siret: ['SIRET'],
  fiscalCode: ['Code fiscal', 'Numéro fiscal', 'Tax number'],
};

/** The fields a column may fill: top-level fields, an object's fields and a list's first item's fields. */
export function importableFields(entity: Entity): ImportableField[] {
  const out: ImportableField[] = [];
  const walk = (fields: Record<string, FieldDef>, prefix: string, depth: number) => {
    for (const [name, field] of Object.entries(fields)) {
      if (field.readOnly || (depth === 0 && name === 'status')) continue;
      const path = `${prefix}${name}`;
      if ((field.type === 'list' || field.type === 'object') && field.fields && depth < 2) {
        walk(field.fields, field.type === 'list' ? `${path}[0].` : `${path}.`, depth + 1);
        continue;
      }
      if (field.type === 'list' || field.type === 'object') continue;
      out.push({ path, label: fieldLabel(name, field), type: field.type, mandatory: Boolean(field.mandatory) });
    }
  };
  walk(entity.fields, '', 0);
  return out;
}

/** The path's segments: `contacts[2].email` → `contacts`, 2, `email`. */
export function segmentsOf(path: string): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d{1,3})\])?$/.exec(part);
    if (!match) return undefined;
    out.push(match[1]);
    if (match[2] !== undefined) out.push(Number(match[2]));
  }
  return out;
}

/** The declared field at `path` (any list index), or undefined when the kind has none there or only the server writes it. */
export function fieldAtPath(entity: Entity, path: string): FieldDef | undefined {
  const segments = segmentsOf(path);
  if (!segments || segments.length > 5) return undefined;
  let fields: Record<string, FieldDef> | undefined = entity.fields;
  let field: FieldDef | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (typeof segment === 'number') {
      if (field?.type !== 'list') return undefined;
      continue;
    }
    field = fields && Object.hasOwn(fields, segment) ? fields[segment] : undefined;
    if (!field || field.readOnly) return undefined;
    if (field.type === 'list' && typeof segments[i + 1] !== 'number') return undefined;
    fields = field.fields;
  }
  if (!field || field.type === 'list' || field.type === 'object' || (path === 'status' && !entity.fields.status))
    return undefined;
  return path === 'status' ? undefined : field;
}

/**
 * The suggested field of each column: a header naming a field path (`contacts[0].email`), else
 * the field whose name, English label, French label or a common wording matches it.
 */
export function suggestMapping(entity: Entity, columns: string[]): Mapping {
  const fields = importableFields(entity);
  const french = entity.labels.fr?.texts ?? {};
  const byWording = new Map<string, string>();
  const offer = (wording: string, path: string) => {
    const key = normalised(wording);
    if (key && !byWording.has(key)) byWording.set(key, path);
  };
  for (const field of fields) offer(field.path, field.path);
  for (const field of fields) {
    offer(field.label, field.path);
    if (french[field.label]) offer(french[field.label], field.path);
  }
  for (const field of fields) {
    const name = field.path
      .split('.')
      .pop()!
      .replace(/\[\d+\]/, '');
    offer(name, field.path);
    for (const wording of commonWordings[name] ?? []) offer(wording, field.path);
  }
  const mapping: Mapping = {};
  const taken = new Set<string>();
  for (const column of columns) {
    const direct = fieldAtPath(entity, column) ? column : undefined;
    const path = direct ?? byWording.get(normalised(column));
    if (path && !taken.has(path)) {
      mapping[column] = path;
      taken.add(path);
    }
  }
  return mapping;
}

/** Refuses a mapping naming a column the file lacks or a field the kind does not offer. */
export function checkMapping(entity: Entity, columns: string[], mapping: Mapping): void {
  for (const [column, path] of Object.entries(mapping)) {
    if (!columns.includes(column)) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(column), 'mapping']);
    if (!fieldAtPath(entity, path)) throw new ApiError('IMPORT_UNKNOWN_COLUMN', [column, path, entity.name]);
  }
}

const numeric = (text: string): number | string => {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  // `1 234,56` (French) and `1,234.56` (English) both read as 1234.56.
  const english = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact);
  const value = english ? compact.replace(/,/g, '') : compact.replace(',', '.');
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value) ? Number(value) : text;
};

const trueWords = new Set(['true', 'yes', 'oui', 'vrai', '1', 'x']);
const falseWords = new Set(['false', 'no', 'non', 'faux', '0']);
/** `31/12/2026` (day first, as in the French files) → `2026-12-31`; other texts go to the field's own check. */
const dayOf = (text: string): string => {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return match ? `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}` : text;
};

/** A cell's text as the field's value; what does not convert stays text, for the field's check to refuse. */
const cellValues: Record<FieldType, (text: string, field: FieldDef) => unknown> = {
  text: (t) => t,
  textarea: (t) => t,
  markdown: (t) => t,
  email: (t) => t,
  phone: (t) => t,
  iban: (t) => t,
  username: (t) => t,
  color: (t) => t,
  link: (t) => t,
  number: numeric,
  integer: numeric,
  percentage: numeric,
  currency: numeric,
  date: dayOf,
  datetime: dayOf,
  boolean: (t) => {
    const word = t.toLowerCase();
    return trueWords.has(word) ? true : falseWords.has(word) ? false : t;
  },
  select: (t, field) =>
    field.multiple
      ? t
          .split(/[,;|]/)
          .map((v) => v.trim())
          .filter(Boolean)
      : t,
  list: (t) => t,
  object: (t) => t,
  json: (t) => {
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  },
};

/** A problem of one cell of a row. */
export interface CellError {
  column: string;
  field: string;
  code: string;
  message: string;
}

/** Starts like a spreadsheet formula (or a control character before one), unless it is a plain number or phone. */
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?[\d\s.,/()\u00a0-]*$/;

/** The refusal of a cell's text, before any field check: a formula, broken encoding, too long. */
export function cellRefusal(text: string, column: string, encoding: string): ApiError | undefined {
  if (text.length > CELL_LIMIT) return new ApiError('IMPORT_CELL_TOO_LONG', [column, text.length, CELL_LIMIT]);
  if (text.includes('\ufffd')) return new ApiError('IMPORT_BROKEN_ENCODING', [column, encoding.toUpperCase()]);
  if (formulaStart.test(text) && !plainNumber.test(text))
    return new ApiError('IMPORT_FORMULA_REFUSED', [column, text.slice(0, 20)]);
  return undefined;
}

function setPath(doc: Record<string, unknown>, segments: (string | number)[], value: unknown) {
  let target: Record<string | number, unknown> = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i];
    const nextIsIndex = typeof segments[i + 1] === 'number';
    if (target[segment] === undefined || target[segment] === null) target[segment] = nextIsIndex ? [] : {};
    target = target[segment] as Record<string | number, unknown>;
  }
  target[segments[segments.length - 1]] = value;
}

/** The compiled mapping: each mapped column's index, path and field. */
export interface PlannedColumn {
  column: string;
  index: number;
  path: string;
  segments: (string | number)[];
  field: FieldDef;
}

export function planColumns(entity: Entity, header: string[], mapping: Mapping): PlannedColumn[] {
  const out: PlannedColumn[] = [];
  for (const [column, path] of Object.entries(mapping)) {
    const index = header.indexOf(column);
    const field = fieldAtPath(entity, path);
    if (index < 0 || !field) throw new ApiError('IMPORT_UNKNOWN_COLUMN', [column, path, entity.name]);
    out.push({ column, index, path, segments: segmentsOf(path)!, field });
  }
  return out;
}

/**
 * A row's document: each mapped non-empty cell converted to its field's value at its path; list
 * items left with holes (`contacts[2]` without `contacts[1]`) are closed up. Refused cells are errors.
 */
export function documentOf(
  columns: PlannedColumn[],
  cells: string[],
  encoding: string,
): { doc: Record<string, unknown>; errors: CellError[] } {
  const doc: Record<string, unknown> = {};
  const errors: CellError[] = [];
  for (const planned of columns) {
    const text = (cells[planned.index] ?? '').trim();
    if (text === '') continue;
    const refusal = cellRefusal(text, planned.column, encoding);
    if (refusal) {
      errors.push({ column: planned.column, field: planned.path, code: refusal.code, message: refusal.message });
      continue;
    }
    setPath(doc, planned.segments, cellValues[planned.field.type](text, planned.field));
  }
  const compact = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
    return value;
  };
  return { doc: compact(doc) as Record<string, unknown>, errors };
}
