import { defineEntity } from '../../entity.ts';
import { datetime, json, link, text, textarea } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * Data received from an outside provider (a credit bureau answer, a company registry extract, a
 * vehicle valuation) about one record, kept as received and processed by the platform; the
 * ExternalData card of a detail screen lists those of its record.
 */
export const externalData = defineEntity({
  name: 'ExternalData',
  route: 'external/external-data',
  prefix: 'EXD',
  statuses: ['DRAFT', 'RECEIVED', 'PROCESSING', 'PROCESSED', 'ERROR'],
  workflow: () => [
    t('RECEIVE', 'DRAFT', 'RECEIVED'),
    t('PROCESS', 'RECEIVED', 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
    t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'RECEIVED'),
  ],
  fields: {
    provider: text({ max: 200 }),
    externalReference: text(),
    entityName: text({ label: 'Record kind' }),
    entityRegistration: text({ label: 'Record' }),
    personRegistration: link('Person', { label: 'Person' }),
    requestDate: datetime(),
    receivedDate: datetime(),
    processedDate: datetime(),
    payload: json(),
    errorMessage: textarea(),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('provider'),
    equal('entityName'),
    equal('entityRegistration'),
    equal('person', { field: 'personRegistration' }),
    range('receivedDate'),
  ],
  columns: [
    'registration',
    'type',
    'name',
    'status',
    'provider',
    'entityName',
    'entityRegistration',
    'receivedDate',
    'processedDate',
  ],
  menu: { section: 'Work', order: 50 },
  labels: {
    fr: {
      singular: 'Donnée externe',
      plural: 'Données externes',
      texts: {
        Provider: 'Fournisseur de données',
        'Record kind': "Type d'enregistrement",
        Record: 'Fiche',
        'Request date': 'Date de demande',
        'Received date': 'Date de réception',
        'Processed date': 'Date de traitement',
        Payload: 'Contenu reçu',
        'Error message': 'Message d’erreur',
      },
    },
  },
});
