import { defineEntity } from '../../entity.ts';
import { date, integer, text, textarea } from '../../fields.ts';
import { checkBounds } from '../financing/catalog-item-rules.ts';
import { equal, range, regex } from '../../search.ts';
import { configurationStatuses } from '../../lists/shared-statuses.ts';

/**
 * A business rule the tenant writes (eligibility, pricing, approval delegation, alert): on which
 * kind it applies, its condition, what it does, in which order and over which dates.
 */
export const rule = defineEntity({
  name: 'Rule',
  route: 'rules',
  prefix: 'RUL',
  statuses: configurationStatuses,
  workflow: 'generic',
  fields: {
    entityName: text({ label: 'Record kind' }),
    description: textarea(),
    condition: textarea({ max: 5000 }),
    action: textarea({ max: 5000 }),
    message: text({ max: 500 }),
    priority: integer({ min: 0, max: 1000 }),
    startDate: date(),
    endDate: date(),
  },
  check: (doc) => checkBounds(doc, 'startDate', 'endDate'),
  search: ['registration', regex('name'), equal('status'), equal('type'), equal('entityName'), range('startDate')],
  columns: ['registration', 'type', 'name', 'status', 'entityName', 'priority', 'startDate', 'endDate'],
  menu: { section: 'Scoring', order: 20 },
  labels: {
    fr: {
      singular: 'Règle',
      plural: 'Règles',
      texts: { 'Record kind': "Type d'enregistrement", Condition: 'Condition', Message: 'Message' },
    },
  },
});
