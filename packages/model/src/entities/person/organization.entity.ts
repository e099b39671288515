import { defineEntity } from '../../entity.ts';
import { date, email, link, phone, text, textarea } from '../../fields.ts';
import { ApiError } from '../../errors.ts';
import { equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A unit of the lessor's own structure (holding, subsidiary, branch, business unit): its place
 * in the tree (its parent), the legal person behind it and who runs it.
 */
export const organization = defineEntity({
  name: 'Organization',
  route: 'person/organizations',
  prefix: 'ORG',
  statuses: ['DRAFT', 'ACTIVE', 'INACTIVE', 'CLOSED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
    t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
    t('CLOSE', ['ACTIVE', 'INACTIVE'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  ],
  fields: {
    code: text({ max: 30 }),
    parentRegistration: link('Organization', { label: 'Parent organization' }),
    personRegistration: link('Person', { label: 'Legal entity' }),
    managerUsername: link('User', { label: 'Manager' }),
    email: email(),
    phone: phone(),
    addressLine: text({ max: 300 }),
    description: textarea(),
    closingDate: date({ readOnly: true }),
  },
  // An organization is not its own parent (deeper cycles are refused by the tree's readers).
  check: (doc) => {
    if (doc.parentRegistration && doc.parentRegistration === doc.registration)
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(doc.parentRegistration), 'parentRegistration']);
  },
  search: [
    'registration',
    equal('code'),
    regex('name'),
    equal('status'),
    equal('type'),
    equal('parent', { field: 'parentRegistration' }),
    equal('manager', { field: 'managerUsername' }),
  ],
  columns: ['registration', 'code', 'type', 'name', 'status', 'parentRegistration', 'managerUsername', 'email'],
  menu: { section: 'Persons', order: 25 },
  labels: {
    fr: {
      singular: 'Organisation',
      plural: 'Organisations',
      texts: {
        'Parent organization': 'Organisation parente',
        Parent: 'Organisation parente',
        'Legal entity': 'Entité juridique',
        Manager: 'Responsable',
      },
    },
  },
});
