import { defineEntity } from '../../entity.ts';
import { datetime, integer, json, text, textarea } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** Something that happened in the platform (a record written, a job done, a webhook received) for a handler to process. */
export const systemEvent = defineEntity({
  name: 'SystemEvent',
  route: 'system/system-events',
  prefix: 'SEV',
  statuses: ['NEW', 'PROCESSING', 'PROCESSED', 'IGNORED', 'ERROR'],
  workflow: () => [
    t('PROCESS', 'NEW', 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
    t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'NEW'),
    t('IGNORE', ['NEW', 'ERROR'], 'IGNORED'),
  ],
  fields: {
    date: datetime(),
    source: text(),
    entityName: text({ label: 'Record kind' }),
    entityRegistration: text({ label: 'Record' }),
    payload: json(),
    attempts: integer({ min: 0 }),
    processedDate: datetime(),
    errorMessage: textarea(),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('source'),
    equal('entityName'),
    equal('entityRegistration'),
    range('date'),
  ],
  columns: ['registration', 'date', 'type', 'status', 'source', 'entityName', 'entityRegistration', 'attempts'],
  menu: { section: 'Administration', order: 60 },
  labels: {
    fr: {
      singular: 'Événement système',
      plural: 'Événements système',
      texts: {
        Source: 'Source',
        'Record kind': "Type d'enregistrement",
        Record: 'Fiche',
        Payload: 'Contenu reçu',
        Attempts: 'Tentatives',
        'Processed date': 'Date de traitement',
        'Error message': 'Message d’erreur',
      },
    },
  },
});
