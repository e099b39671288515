import { defineEntity } from '../../entity.ts';
import { date, email, link, phone, textarea } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * Someone a campaign reaches and how the contact went: a person or a prospect, or only an e-mail
 * or a phone number (a bought list, a fair's visitors) until they become a prospect.
 */
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
  // Its campaign, person and prospect are the tenant's (server campaigns/contact-hooks.ts).
  writeHooks: 'campaignContacts',
  menu: { section: 'Persons', order: 45 },
  labels: {
    fr: {
      singular: 'Contact de campagne',
      plural: 'Contacts de campagne',
      texts: { 'Contact date': 'Date de contact', Outcome: 'Résultat' },
    },
  },
});
