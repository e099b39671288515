import { defineEntity } from '../../entity.ts';
import { boolean, currency, date, select, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';
import { checkBounds } from './catalog-item-rules.ts';

/**
 * An amendment the lessor offers on running contracts (a change of payment date, a partial
 * prepayment): the kind of amendment it makes, its fee, and whether an approver must agree.
 */
export const amendmentCatalogItem = defineEntity({
  name: 'AmendmentCatalogItem',
  route: 'financing/amendment-catalog-items',
  prefix: 'AMC',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  fields: {
    code: text({ max: 30 }),
    description: textarea(),
    amendmentType: select('amendmentType'),
    fee: currency({ min: 0 }),
    currency: select('currency'),
    taxCode: select('taxCode'),
    requiresApproval: boolean(),
    startDate: date(),
    endDate: date(),
    internalReference: text(),
  },
  check: (doc) => checkBounds(doc, 'startDate', 'endDate'),
  search: [
    'registration',
    equal('type'),
    equal('code'),
    regex('name'),
    equal('status'),
    equal('amendmentType'),
    range('startDate'),
  ],
  columns: [
    'registration',
    'type',
    'code',
    'name',
    'status',
    'amendmentType',
    'fee',
    'requiresApproval',
    'startDate',
    'endDate',
  ],
  menu: { section: 'Catalogues', order: 50 },
  labels: {
    fr: {
      singular: "Élément du catalogue d'avenants",
      plural: "Éléments du catalogue d'avenants",
      texts: { 'Amendment type': "Type d'avenant", Fee: 'Frais', 'Requires approval': 'Soumis à approbation' },
    },
  },
});
