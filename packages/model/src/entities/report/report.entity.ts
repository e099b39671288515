import { defineEntity } from '../../entity.ts';
import { date, datetime, json, link, text, textarea } from '../../fields.ts';
import { checkBounds } from '../financing/catalog-item-rules.ts';
import { equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A report produced from the tenant's data by its script over a period (a portfolio statement, a
 * regulatory return): generated, checked, then published to those who read it.
 */
export const report = defineEntity({
  name: 'Report',
  route: 'report/reports',
  prefix: 'RPT',
  statuses: ['DRAFT', 'PROCESSING', 'READY', 'PUBLISHED', 'ERROR'],
  workflow: () => [
    t('GENERATE', 'DRAFT', 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'READY', { action: 'DO', hidden: true }),
    t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'PROCESSING'),
    t('REGENERATE', 'READY', 'PROCESSING', { label: 'Regenerate', icon: 'ReloadOutlined' }),
    t('PUBLISH', 'READY', 'PUBLISHED', { action: 'COMPLETE' }),
    t('UNPUBLISH', 'PUBLISHED', 'READY'),
  ],
  fields: {
    description: textarea(),
    scriptName: link('Script', { label: 'Script' }),
    format: text({ max: 20 }),
    periodStart: date(),
    periodEnd: date(),
    parameters: json(),
    fileName: text({ max: 255 }),
    generatedDate: datetime({ readOnly: true }),
    errorMessage: textarea({ readOnly: true }),
  },
  check: (doc) => checkBounds(doc, 'periodStart', 'periodEnd'),
  search: ['registration', regex('name'), equal('status'), equal('type'), equal('scriptName'), range('periodEnd')],
  columns: ['registration', 'type', 'name', 'status', 'periodStart', 'periodEnd', 'format', 'generatedDate'],
  menu: { section: 'Work', order: 65 },
  labels: {
    fr: {
      singular: 'Rapport',
      plural: 'Rapports',
      texts: {
        'Period start': 'Début de période',
        'Period end': 'Fin de période',
        Parameters: 'Paramètres',
        'Generated date': 'Date de génération',
        'Error message': 'Message d’erreur',
      },
    },
  },
});
