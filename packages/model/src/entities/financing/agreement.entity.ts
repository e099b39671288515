import { defineEntity } from '../../entity.ts';
import { date, link, list, text, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/** A partner's agreement (the products it may sell and on which terms). */
export const agreement = defineEntity({
  name: 'Agreement',
  route: 'financing/agreements',
  prefix: 'AGR',
  typeList: 'agreementType',
  fields: {
    partnerRegistration: link('Person'),
    trigram: text({ max: 3 }),
    startDate: date(),
    endDate: date(),
    description: textarea(),
    // The partner's product catalogue under this agreement.
    products: list({ productRegistration: link('Product') }),
  },
  search: [
    equal('trigram'),
    regex('name'),
    // An equality on the link; entity and roles drive the person autocomplete.
    equal('partnerRegistration', { entity: 'Person', roles: ['PARTNER', 'BUSINESSUNIT', 'AGENCY'] }),
    equal('type'),
    equal('status'),
    equal('startDate'),
    equal('endDate'),
  ],
  columns: [
    'registration',
    'partnerRegistration',
    'name',
    'trigram',
    'organization.name',
    'status',
    'type',
    'startDate',
    'endDate',
    'description',
  ],
  textSearch: ['registration', 'partnerRegistration', 'name', 'type', 'status', 'startDate', 'endDate', 'description'],
  statuses: ['DRAFT', 'SUBMITTED', 'ACTIVE', 'SUSPENDED', 'EXPIRED', 'TERMINATED', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['partnerRegistration', 'startDate'] }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('ACTIVATE', 'SUBMITTED', 'ACTIVE', { permission: approver(kind), sideEffects: ['stampActivationDate'] }),
    t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
    t('RESUME', 'SUSPENDED', 'ACTIVE'),
    t('EXPIRE', ['ACTIVE', 'SUSPENDED'], 'EXPIRED'),
    t('TERMINATE', ['ACTIVE', 'SUSPENDED'], 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
    t('CANCEL', ['DRAFT', 'SUBMITTED'], 'CANCELLED'),
  ],
  menu: { section: 'Financing', order: 60 },
  labels: {
    fr: { singular: 'Accord', plural: 'Accords', texts: { Products: 'Produits', 'Product registration': 'Produit' } },
  },
  // The shared list with the Onboard a new partner button (spec 001 §2.5).
  screens: { list: 'agreements' },
});
