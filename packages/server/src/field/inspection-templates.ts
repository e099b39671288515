import { ApiError } from '@lbo/model/errors';
import { referenceLists } from '@lbo/model/reference-lists';
import { isObject } from '@lbo/model/values/validate';
import { readConfiguration } from '../db/configuration.ts';
import type { Tx } from '../db/database.ts';

/**
 * Inspection checklists (docs/field-work.md): tenant data, the configuration section
 * `inspectionTemplates`, one template per asset type (`assetType` absent: any type without its
 * own). Modelled on SafetyCulture iAuditor's templates: a question, how it is answered
 * (OK / Not OK / N/A, a number, a text) and whether it must be answered.
 */
export const INSPECTION_TEMPLATES = 'inspectionTemplates';

export interface TemplateItem {
  question: string;
  answerType: 'OK_NOK_NA' | 'NUMBER' | 'TEXT';
  mandatory?: boolean;
}

export interface InspectionTemplate {
  name: string;
  assetType?: string;
  items: TemplateItem[];
}

export interface InspectionTemplates {
  templates: InspectionTemplate[];
}

const item = (question: string, answerType: TemplateItem['answerType'], mandatory = true): TemplateItem => ({
  question,
  answerType,
  mandatory,
});

/** What a tenant starts with: a vehicle's walk-around, a machine's check, and a short one for any other asset. */
export const defaultInspectionTemplates: InspectionTemplates = {
  templates: [
    {
      name: 'Vehicle walk-around',
      assetType: 'VEHICLE',
      items: [
        item('Bodywork free of damage', 'OK_NOK_NA'),
        item('Tyres and wheels', 'OK_NOK_NA'),
        item('Lights and indicators', 'OK_NOK_NA'),
        item('Mileage (km)', 'NUMBER'),
        item('Remarks', 'TEXT', false),
      ],
    },
    {
      name: 'Machine check',
      assetType: 'CONSTRUCTION_EQUIPMENT',
      items: [
        item('Safety guards in place', 'OK_NOK_NA'),
        item('Hydraulics free of leaks', 'OK_NOK_NA'),
        item('Hour meter', 'NUMBER'),
        item('Remarks', 'TEXT', false),
      ],
    },
    {
      name: 'General check',
      items: [
        item('Asset present at its location', 'OK_NOK_NA'),
        item('Condition as expected', 'OK_NOK_NA'),
        item('Remarks', 'TEXT', false),
      ],
    },
  ],
};

const answerTypes = new Set(['OK_NOK_NA', 'NUMBER', 'TEXT']);
const assetTypes = new Set((referenceLists.assetType ?? []).map((i) => i.value));
const bad = (value: unknown, path: string) =>
  new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value ?? null).slice(0, 80), path]);
const text = (v: unknown, max = 500) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

/** Checks the section: named templates, a known asset type at most once, 1 to 200 items each. */
export function validateInspectionTemplates(value: unknown): InspectionTemplates {
  if (!isObject(value)) throw new ApiError('INVALID_OBJECT_FIELD', [INSPECTION_TEMPLATES]);
  const unknown = Object.keys(value).find((k) => k !== 'templates');
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [unknown]);
  if (!Array.isArray(value.templates) || value.templates.length > 100)
    throw new ApiError('INVALID_ARRAY_FIELD', ['templates']);
  const seen = new Set<string>();
  value.templates.forEach((template: unknown, t: number) => {
    const at = `templates[${t}]`;
    if (!isObject(template)) throw new ApiError('INVALID_OBJECT_FIELD', [at]);
    const extra = Object.keys(template).find((k) => !['name', 'assetType', 'items'].includes(k));
    if (extra) throw new ApiError('INVALID_FIELD_IN_BODY', [`${at}.${extra}`]);
    if (!text(template.name, 200)) throw bad(template.name, `${at}.name`);
    const type = template.assetType === undefined || template.assetType === null ? '' : template.assetType;
    if (type !== '' && !(typeof type === 'string' && assetTypes.has(type))) throw bad(type, `${at}.assetType`);
    if (seen.has(String(type))) throw new ApiError('VALUE_ALREADY_EXISTS', [String(type) || 'any', `${at}.assetType`]);
    seen.add(String(type));
    if (!Array.isArray(template.items) || template.items.length < 1 || template.items.length > 200)
      throw new ApiError('INVALID_ARRAY_FIELD', [`${at}.items`]);
    template.items.forEach((it: unknown, i: number) => {
      const path = `${at}.items[${i}]`;
      if (!isObject(it)) throw new ApiError('INVALID_OBJECT_FIELD', [path]);
      const other = Object.keys(it).find((k) => !['question', 'answerType', 'mandatory'].includes(k));
      if (other) throw new ApiError('INVALID_FIELD_IN_BODY', [`${path}.${other}`]);
      if (!text(it.question)) throw bad(it.question, `${path}.question`);
      if (!answerTypes.has(it.answerType as string)) throw bad(it.answerType, `${path}.answerType`);
      if (it.mandatory !== undefined && typeof it.mandatory !== 'boolean')
        throw new ApiError('INVALID_BOOLEAN_FIELD', [`${path}.mandatory`]);
    });
  });
  return value as unknown as InspectionTemplates;
}

/** The tenant's template for an asset type: its own, else the one for any type, else none. */
export async function templateFor(tx: Tx, tenant: string, assetType: unknown): Promise<InspectionTemplate | undefined> {
  const stored = await readConfiguration<InspectionTemplates>(tx, tenant, INSPECTION_TEMPLATES);
  const { templates } = stored ?? defaultInspectionTemplates;
  return (
    templates.find((t) => typeof assetType === 'string' && t.assetType === assetType) ??
    templates.find((t) => !t.assetType)
  );
}

/** A template's questions as an inspection's answers, still unanswered. */
export const answersOf = (template: InspectionTemplate) =>
  template.items.map((i) => ({ question: i.question, answerType: i.answerType, mandatory: i.mandatory ?? false }));
