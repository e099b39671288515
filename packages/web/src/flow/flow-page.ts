import type { FieldDef, FieldType } from '@lbo/model/fields';

/** What `GET /api/flow/{accessKey}/pages/{pageId}` answers: the page's kind and what the key allows. */
export interface FlowPageData {
  pageId: string;
  label: string;
  title?: string;
  fields: Record<string, FieldDef>;
  canWrite: boolean;
}

export const flowPagePath = (accessKey: string, pageId: string) =>
  `/api/flow/${encodeURIComponent(accessKey)}/pages/${encodeURIComponent(pageId)}`;

/** The input a field of the page takes: the server judges the values, the form only shapes them. */
export type FlowInput = 'text' | 'number' | 'date' | 'boolean' | 'longText';

const inputByType: Partial<Record<FieldType, FlowInput>> = {
  integer: 'number',
  number: 'number',
  currency: 'number',
  percentage: 'number',
  date: 'date',
  boolean: 'boolean',
  textarea: 'longText',
  markdown: 'longText',
};

export const flowInputOf = (field: FieldDef): FlowInput => inputByType[field.type] ?? 'text';

/** The fields a visitor fills in: plain ones (lists and nested objects belong to the signed-in screens). */
export const fillableFields = (fields: Record<string, FieldDef>): [string, FieldDef][] =>
  Object.entries(fields).filter(
    ([, field]) => field.type !== 'list' && field.type !== 'object' && field.type !== 'json',
  );

/** `turnoverAmount` → `Turnover amount`, when the field has no label of its own. */
export function fieldLabel(name: string, field: FieldDef): string {
  if (field.label) return field.label;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Empty inputs are left out, so that the server sees only what the visitor typed. */
export const filledValues = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
