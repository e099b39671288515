import { defineEntity } from '../../entity.ts';
import { currency, date, integer, link, select, text, textarea } from '../../fields.ts';
import { checkBounds } from '../financing/catalog-item-rules.ts';
import { equal, range, regex } from '../../search.ts';
import { fieldWorkTransitions } from '../../workflow/shared-transitions.ts';

/** A marketing or collection campaign towards persons and prospects (its type is the channel); its contacts are CampaignContacts. */
export const campaign = defineEntity({
  name: 'Campaign',
  route: 'person/campaigns',
  prefix: 'CMP',
  statuses: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  workflow: () => fieldWorkTransitions,
  fields: {
    description: textarea(),
    objective: textarea(),
    ownerUsername: link('User', { label: 'Owner' }),
    startDate: date(),
    endDate: date(),
    budget: currency({ min: 0 }),
    currency: select('currency'),
    subject: text({ max: 200 }),
    message: textarea({ max: 5000 }),
    targetCount: integer({ min: 0, label: 'Target number of contacts' }),
  },
  check: (doc) => checkBounds(doc, 'startDate', 'endDate'),
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('owner', { field: 'ownerUsername' }),
    range('startDate'),
    range('endDate'),
  ],
  columns: ['registration', 'type', 'name', 'status', 'ownerUsername', 'startDate', 'endDate', 'budget', 'targetCount'],
  menu: { section: 'Persons', order: 40 },
  labels: {
    fr: {
      singular: 'Campagne',
      plural: 'Campagnes',
      texts: { Objective: 'Objectif', Message: 'Message', 'Target number of contacts': 'Nombre de contacts visés' },
    },
  },
});
