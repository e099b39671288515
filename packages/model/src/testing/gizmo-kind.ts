import { defineEntity } from '../entity.ts';
import { ApiError } from '../errors.ts';
import { date, integer, text } from '../fields.ts';
import { equal, range, regex } from '../search.ts';
import { approver, t } from '../workflow/workflow.ts';

/**
 * A kind declared in one file and nowhere else, for tests only (not a product kind): registered
 * with `registerKinds([gizmo])`, it gets its table, routes, status list, workflow, menu entry,
 * French texts and generic screens from this declaration alone.
 */
export const gizmo = defineEntity({
  name: 'Gizmo',
  route: 'fixture/gizmos',
  prefix: 'GZM',
  fields: {
    serialNumber: text({ mandatory: true }),
    size: integer(),
    retirementDate: date({ readOnly: true }),
  },
  search: ['registration', regex('name'), equal('serialNumber'), range('size')],
  columns: ['registration', 'status', 'name', 'serialNumber', 'size'],
  indexes: ['serialNumber'],
  textSearch: ['registration', 'name', 'serialNumber'],
  check: (doc) => {
    if (typeof doc.size === 'number' && doc.size > 1000)
      throw new ApiError('INVALID_FIELD_VALUE', [String(doc.size), 'size']);
  },
  // RETIRED is a code no product lifecycle uses: its labels are given here.
  statuses: ['DRAFT', 'ACTIVE', 'RETIRED'],
  statusLabels: { RETIRED: { en: 'Retired', fr: 'Mis au placard' } },
  workflow: (kind) => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE', { requiredFields: ['size'] }),
    t('RETIRE', 'ACTIVE', 'RETIRED', { label: 'Retire', permission: approver(kind) }),
  ],
  menu: { section: 'Work', order: 5 },
  labels: {
    fr: {
      singular: 'Bidule',
      plural: 'Bidules',
      texts: {
        'Serial number': 'Numéro de série',
        'Retirement date': 'Date de mise au placard',
        Retire: 'Mettre au placard',
      },
    },
  },
});
