import { defineEntity } from '../../entity.ts';
import { datetime, email, link, persons, text, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** A message or call exchanged with persons, about a contract, invoice or project. */
export const communication = defineEntity({
  name: 'Communication',
  route: 'communication/communications',
  prefix: 'CMM',
  typeList: 'communicationType',
  fields: {
    date: datetime(),
    subject: text(),
    category: text(),
    persons: persons(),
    contractRegistration: link('Contract'),
    invoiceRegistration: link('Invoice'),
    projectRegistration: link('Project'),
    orgaRegistration: link('Person'),
    // An email's recipient and text (a partner's self-registration mail, financing/partner-onboarding.ts).
    to: email(),
    content: textarea(),
  },
  search: [
    'registration',
    range('date'),
    equal('status'),
    regex('subject'),
    equal('type'),
    equal('category'),
    equal('person', { field: 'persons.personRegistration', entity: 'Person' }),
    equal('contractRegistration'),
    equal('invoiceRegistration'),
    equal('projectRegistration'),
    equal('orgaRegistration'),
  ],
  columns: [
    'registration',
    'date',
    'status',
    'subject',
    'type',
    'category',
    column('persons.0.name', { label: 'Person' }),
    'contractRegistration',
    'invoiceRegistration',
    'projectRegistration',
  ],
  statuses: ['DRAFT', 'SCHEDULED', 'SENT', 'DELIVERED', 'FAILED', 'CANCELLED'],
  workflow: () => [
    t('SCHEDULE', 'DRAFT', 'SCHEDULED'),
    t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
    t('SEND', ['DRAFT', 'SCHEDULED'], 'SENT'),
    t('CONFIRM_DELIVERY', 'SENT', 'DELIVERED', { action: 'COMPLETE', hidden: true }),
    t('FAIL', 'SENT', 'FAILED', { hidden: true }),
    t('RETRY', 'FAILED', 'SCHEDULED'),
    t('CANCEL', ['DRAFT', 'SCHEDULED'], 'CANCELLED'),
  ],
  menu: { section: 'Persons', order: 50 },
  labels: {
    fr: { singular: 'Communication', plural: 'Communications', texts: { To: 'Destinataire', Content: 'Contenu' } },
  },
});
