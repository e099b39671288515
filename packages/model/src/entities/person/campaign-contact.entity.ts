import { defineEntity } from '../../entity.ts';
import { date, email, link, phone, textarea } from '../../fields.ts';
import { ApiError } from '../../errors.ts';
import { equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** A person or prospect a campaign reaches, and how the contact went. */
export const campaignContact = defineEntity({
  name: 'CampaignContact',
  route: 'person/campaign-contacts',
  prefix: 'CPC',
  statuses: ['NEW', 'CONTACTED', 'INTERESTED', 'NOT_INTERESTED', 'CONVERTED', 'UNSUBSCRIBED'],
  workflow: () => [
    t('CONTACT', 'NEW', 'CONTACTED'),
    t('MARK_INTERESTED', 'CONTACTED', 'INTERESTED'),
    t('CONVERT', 'INTERESTED', 'CONVERTED'),
    t('MARK_NOT_INTERESTED', ['CONTACTED', 'INTERESTED'], 'NOT_INTERESTED'),
    t('UNSUBSCRIBE', ['NEW', 'CONTACTED', 'INTERESTED', 'NOT_INTERESTED'], 'UNSUBSCRIBED'),
  ],
  fields: {
    campaignRegistration: link('Campaign', { mandatory: true, label: 'Campaign' }),
    personRegistration: link('Person', { label: 'Person' }),
    prospectRegistration: link('Prospect', { label: 'Prospect' }),
    email: email(),
    phone: phone(),
    contactDate: date(),
    ownerUsername: link('User', { label: 'Owner' }),
    outcome: textarea({ max: 2000 }),
  },
  // A contact is someone: a person or a prospect.
  check: (doc) => {
    if (!doc.personRegistration && !doc.prospectRegistration)
      throw new ApiError('MISSING_FIELD_IN_BODY', ['personRegistration']);
  },
  search: [
    'registration',
    equal('campaign', { field: 'campaignRegistration' }),
    equal('person', { field: 'personRegistration' }),
    equal('prospect', { field: 'prospectRegistration' }),
    equal('status'),
    equal('type'),
    range('contactDate'),
  ],
  columns: [
    'registration',
    'campaignRegistration',
    'name',
    'status',
    'personRegistration',
    'prospectRegistration',
    'email',
    'phone',
    'contactDate',
  ],
  menu: { section: 'Persons', order: 45 },
  labels: {
    fr: {
      singular: 'Contact de campagne',
      plural: 'Contacts de campagne',
      texts: { 'Contact date': 'Date de contact', Outcome: 'Résultat' },
    },
  },
});
