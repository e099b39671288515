import { defineEntity } from '../../entity.ts';
import { datetime, json, link, text, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * An exchange of data with a partner system (its type says the direction): who, how, in which
 * format and when it runs; its mapping turns the partner's records into the product's.
 */
export const flow = defineEntity({
  name: 'Flow',
  route: 'core/flows',
  prefix: 'FLW',
  statuses: ['DRAFT', 'ACTIVE', 'ON_HOLD', 'ARCHIVED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('HOLD', 'ACTIVE', 'ON_HOLD'),
    t('RESUME', 'ON_HOLD', 'ACTIVE'),
    t('ARCHIVE', ['DRAFT', 'ACTIVE', 'ON_HOLD'], 'ARCHIVED'),
  ],
  fields: {
    description: textarea(),
    counterpart: text({ max: 200 }),
    partnerRegistration: link('Person', { label: 'Partner' }),
    protocol: text({ max: 50 }),
    endpoint: text({ max: 500 }),
    format: text({ max: 50 }),
    entityName: text({ label: 'Record kind' }),
    schedule: text({ max: 100 }),
    scriptName: link('Script', { label: 'Script' }),
    mapping: json(),
    lastRunDate: datetime({ readOnly: true }),
  },
  search: ['registration', regex('name'), equal('status'), equal('type'), regex('counterpart'), equal('entityName')],
  columns: ['registration', 'type', 'name', 'status', 'counterpart', 'protocol', 'format', 'schedule', 'lastRunDate'],
  menu: { section: 'Work', order: 40 },
  labels: {
    fr: {
      singular: 'Parcours',
      plural: 'Parcours',
      texts: {
        Counterpart: 'Correspondant',
        Partner: 'Partenaire',
        Protocol: 'Protocole',
        Endpoint: 'Adresse de connexion',
        'Record kind': "Type d'enregistrement",
        Schedule: 'Planification',
        Mapping: 'Correspondance des champs',
        'Last run date': 'Date de la dernière exécution',
      },
    },
  },
});
