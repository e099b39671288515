import { defineEntity } from '../../entity.ts';
import { date, link, list, number, percentage, select, text } from '../../fields.ts';
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
    // The indemnity rules of early termination and prepayment, as a rate of the capital still due.
    earlyTerminationIndemnityRate: percentage({ min: 0, max: 1 }),
    prepaymentIndemnityRate: percentage({ min: 0, max: 1 }),
    // The published index its index-linked rents follow (financing/indexation.ts).
    indexRegistration: link('Index'),
    indexValues: list({ date: date(), value: number({ min: 0 }) }),
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
    if (
      doc.coefficientsTableRegistration &&
      (doc.ratesTableRegistration || (doc.rate !== undefined && doc.rate !== null))
    ) {
      throw new ApiError('INVALID_FIELD_VALUE', [
        JSON.stringify(doc.coefficientsTableRegistration),
        'coefficientsTableRegistration',
      ]);
    }
  },
  statuses: ['DRAFT', 'ACTIVE', 'INACTIVE', 'EXPIRED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
    t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
    t('EXPIRE', ['ACTIVE', 'INACTIVE'], 'EXPIRED'),
  ],
  // Created one at a time or as pasted rows (financing/catalogue.routes.ts).
  domainRoutes: ['create'],
  menu: { section: 'Catalogues', order: 10 },
  labels: {
    fr: {
      singular: 'Produit',
      plural: 'Produits',
      texts: {
        'Early termination indemnity rate': "Taux d'indemnité de résiliation",
        'Prepayment indemnity rate': "Taux d'indemnité de remboursement anticipé",
        'Index registration': 'Indice',
        'Index values': "Valeurs de l'indice",
        Value: 'Valeur',
      },
    },
  },
});
