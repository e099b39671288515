import type { Entity } from '@lbo/model/entity';
import { formFieldsOf, type FormField } from '../fields/form-field.ts';

/** Fields shown in the side column's record card rather than in the form. */
const recordFields = new Set(['status']);

export interface DetailLayout {
  /** Scalar fields, in the first card. */
  main: FormField[];
  /** Lists and objects, one card each. */
  nested: FormField[];
}

/**
 * The cards of a generic detail form: the scalar fields together, then one card per list or
 * object field. A registration the server numbers is shown in the record card only.
 */
export function detailLayout(entity: Entity): DetailLayout {
  const fields = formFieldsOf(entity.fields).filter((f) => !recordFields.has(f.name) && !(f.name === 'registration' && f.readOnly));
  return {
    main: fields.filter((f) => f.type !== 'list' && f.type !== 'object'),
    nested: fields.filter((f) => f.type === 'list' || f.type === 'object'),
  };
}
