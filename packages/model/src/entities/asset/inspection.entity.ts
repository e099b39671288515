import { defineEntity } from '../../entity.ts';
import { boolean, datetime, link, list, number, select, text, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A check of an asset on site (docs/field-work.md): its checklist's answers, filled from the
 * tenant's template for the asset's type, where it was done (GPS), who signed it, and its result.
 * A failed one opens a maintenance or a claim, linked both ways.
 */
export const inspection = defineEntity({
  name: 'Inspection',
  route: 'asset/inspections',
  prefix: 'INS',
  typeList: 'inspectionType',
  fields: {
    assetRegistration: link('Asset', { mandatory: true }),
    date: datetime(),
    inspector: text(),
    template: text({ readOnly: true }),
    answers: list({
      question: text({ mandatory: true }),
      answerType: select('inspectionAnswerType', { mandatory: true }),
      mandatory: boolean(),
      answer: text(),
      comment: text(),
    }),
    latitude: number({ min: -90, max: 90 }),
    longitude: number({ min: -180, max: 180 }),
    accuracy: number({ min: 0, label: 'Accuracy (m)' }),
    // A drawn signature as a PNG data URL.
    signature: textarea({ hidden: true }),
    signedBy: text(),
    result: select('inspectionResult'),
    maintenanceRegistration: link('Maintenance', { readOnly: true }),
    claimRegistration: link('Claim', { readOnly: true }),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    regex('name'),
    equal('assetRegistration'),
    range('date'),
    regex('inspector'),
    equal('result'),
    equal('maintenanceRegistration'),
    equal('claimRegistration'),
  ],
  columns: [
    'registration',
    'status',
    'type',
    'name',
    'assetRegistration',
    column('date', { render: 'datetime' }),
    'inspector',
    'result',
    'maintenanceRegistration',
    'claimRegistration',
  ],
  statuses: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  workflow: () => [
    t('SCHEDULE', 'DRAFT', 'SCHEDULED'),
    t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
    t('START', ['DRAFT', 'SCHEDULED'], 'IN_PROGRESS'),
    // The write hook refuses a result while a mandatory question is unanswered.
    t('COMPLETE', 'IN_PROGRESS', 'COMPLETED', { requiredFields: ['result'] }),
    t('CANCEL', ['DRAFT', 'SCHEDULED', 'IN_PROGRESS'], 'CANCELLED'),
  ],
  menu: { section: 'Assets', order: 40 },
  screens: { detail: 'inspection' },
  writeHooks: 'inspectionAnswers',
  labels: {
    fr: {
      singular: 'Inspection',
      plural: 'Inspections',
      texts: {
        Inspector: 'Inspecteur',
        Template: 'Modèle',
        Answers: 'Réponses',
        Question: 'Question',
        'Answer type': 'Type de réponse',
        Mandatory: 'Obligatoire',
        Answer: 'Réponse',
        Comment: 'Commentaire',
        Latitude: 'Latitude',
        Longitude: 'Longitude',
        'Accuracy (m)': 'Précision (m)',
        Signature: 'Signature',
        'Signed by': 'Signé par',
        Result: 'Résultat',
        'Maintenance registration': 'Maintenance',
        'Claim registration': 'Réclamation',
      },
    },
  },
});
