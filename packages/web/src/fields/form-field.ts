import type { FieldDef, FieldType } from '@lbo/model/fields';
import { humanise } from '../entities/entity-fields.ts';

/**
 * The form field model of spec 000 §3. Its types are the spec's form types plus the four the
 * declarations add for nested data (link, list, object, json).
 */
export const formFieldTypes = [
  'text',
  'password',
  'textarea',
  'number',
  'integer',
  'percentage',
  'currency',
  'date',
  'datetime',
  'email',
  'emails',
  'username',
  'phone',
  'iban',
  'checkbox',
  'radio',
  'switch',
  'file',
  'files',
  'address',
  'select',
  'color',
  'slider',
  'markdown',
  'richtext',
  'notice',
  'link',
  'list',
  'object',
  'json',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

export interface Option {
  value: string;
  label: string;
}

export interface FormField {
  name: string;
  /** A form type; anything else renders "Unknown type {type}". */
  type: FormFieldType | (string & {});
  label: string;
  mandatory?: boolean;
  min?: number;
  max?: number;
  readOnly?: boolean;
  disabled?: boolean;
  hidden?: boolean;
  multiple?: boolean;
  /** Reference list of a select. */
  list?: string;
  /** Options given directly (radio, select without list). */
  options?: Option[];
  /** Entity kind of a link. */
  entity?: string;
  /** Item fields of a list, fields of an object. */
  fields?: FormField[];
  /** A custom regular expression ("Invalid format"). */
  pattern?: string;
  /** Built-in text formats checked like a pattern. */
  format?: 'uuid' | 'url';
  upperCase?: boolean;
  lowerCase?: boolean;
  /** Currency code of a currency field (EUR by default). */
  currency?: string;
  /** Text of a notice. */
  text?: string;
}

export const isFormFieldType = (type: string): type is FormFieldType =>
  (formFieldTypes as readonly string[]).includes(type);

/** The form type of each declared field type. */
const formTypeOf: Record<FieldType, FormFieldType> = {
  text: 'text',
  textarea: 'textarea',
  markdown: 'markdown',
  email: 'email',
  phone: 'phone',
  iban: 'iban',
  username: 'username',
  color: 'color',
  number: 'number',
  integer: 'integer',
  percentage: 'percentage',
  currency: 'currency',
  date: 'date',
  datetime: 'datetime',
  boolean: 'checkbox',
  select: 'select',
  link: 'link',
  list: 'list',
  object: 'object',
  json: 'json',
};

export function formFieldOf(name: string, def: FieldDef, parentReadOnly = false): FormField {
  const readOnly = parentReadOnly || def.readOnly;
  return {
    name,
    type: formTypeOf[def.type] ?? def.type,
    label: def.label ?? humanise(name),
    mandatory: def.mandatory,
    min: def.min,
    max: def.max,
    readOnly,
    hidden: def.hidden,
    multiple: def.multiple,
    list: def.list,
    entity: def.entity,
    fields: def.fields ? formFieldsOf(def.fields, readOnly) : undefined,
  };
}

/** The visible form fields of a declaration, in declaration order; fields inside a read-only field are read-only. */
export function formFieldsOf(fields: Record<string, FieldDef>, readOnly = false): FormField[] {
  return Object.entries(fields)
    .filter(([, def]) => !def.hidden)
    .map(([name, def]) => formFieldOf(name, def, readOnly));
}
