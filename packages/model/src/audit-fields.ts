import type { FieldDef } from './fields.ts';
import { datetime, integer, text } from './fields.ts';

/**
 * Audit columns of every table (ARCHITECTURE "Storage"). They are not declared fields,
 * but columns and filters may name them.
 */
export const auditFields: Record<string, FieldDef> = {
  _id: text({ readOnly: true }),
  _version: integer({ readOnly: true }),
  _insertDate: datetime({ readOnly: true }),
  _insertUser: text({ readOnly: true }),
  _updateDate: datetime({ readOnly: true }),
  _updateUser: text({ readOnly: true }),
};
