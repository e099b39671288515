import type { Entity } from './entity.ts';
import type { FieldDef } from './fields.ts';
import { auditFields } from './audit-fields.ts';

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** The declared field at a dotted path (`quotations.0.financialProduct`), through lists and objects. */
export function fieldAt(entity: Pick<Entity, 'fields'>, path: string): FieldDef | undefined {
  let fields: Record<string, FieldDef> | undefined = { ...auditFields, ...entity.fields };
  let field: FieldDef | undefined;
  for (const segment of path.split('.')) {
    if (isIndex(segment)) continue;
    field = fields && Object.hasOwn(fields, segment) ? fields[segment] : undefined;
    if (!field) return undefined;
    fields = field.fields;
  }
  return field;
}
