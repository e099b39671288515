import { defineEntity } from '../../entity.ts';
import { date, link, percentage, select, text } from '../../fields.ts';
import { ApiError } from '../../errors.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A financial product offered under a contract type. Its rate is fixed (`rate`) or looked up by
 * amount and duration in a rates table; a coefficients table gives the instalment instead, and a
 * cost table adds a cost to every instalment (see finance/README.md, "Product tables").
 */
export const product = defineEntity({
  name: 'Product',
  route: 'financing/products',
  prefix: 'PRD',
  fields: {
    contractType: select('contractType'),
    code: select('financialProduct'),
    startDate: date(),
    endDate: date(),
    rate: percentage(),
    ratesTableRegistration: link('ProductTable'),
    coefficientsTableRegistration: link('ProductTable'),
    costTableRegistration: link('ProductTable'),
    reference: text(),
    allocation: text(),
    fundRegistration: link('Fund'),
    contractRegistration: link('Contract'),
  },
  columns: [
    'registration',
    'status',
    'contractType',
    'code',
    'name',
    'startDate',
    'endDate',
    'rate',
    'reference',
    'allocation',
    'fundRegistration',
    'contractRegistration',
  ],
  check: (doc) => {
    // A coefficient fixes the instalment and so the rate: a product has one or the other.
    if (doc.coefficientsTableRegistration && (doc.ratesTableRegistration || (doc.rate !== undefined && doc.rate !== null))) {
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(doc.coefficientsTableRegistration), 'coefficientsTableRegistration']);
    }
  },
  statuses: ['DRAFT', 'ACTIVE', 'INACTIVE', 'EXPIRED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
    t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
    t('EXPIRE', ['ACTIVE', 'INACTIVE'], 'EXPIRED'),
  ],
  menu: { section: 'Catalogues', order: 10 },
  labels: { fr: { singular: 'Produit', plural: 'Produits' } },
});
