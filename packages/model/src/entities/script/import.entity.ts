import { defineEntity, type Entity } from '../../entity.ts';
import { integer, json, link, text } from '../../fields.ts';
import { processStatuses } from '../../lists/shared-statuses.ts';
import { column, equal, regex } from '../../search.ts';
import { processTransitions } from '../../workflow/shared-transitions.ts';

/**
 * An import of a CSV or XLSX file into records of one kind (docs/imports.md): the file (kept in
 * the object store), its column mapping, the key that updates existing records, the counts of the
 * dry run and of the run, and the rows the run refused. Written by its domain only
 * (packages/server/src/imports): upload, mapping, dry run and run each have their route.
 */
// `import` is a reserved word, hence the name of the constant.
export const importEntity = defineEntity({
  name: 'Import',
  route: 'import/imports',
  prefix: 'IMP',
  readOnly: true,
  domainRoutes: ['create'],
  statuses: processStatuses,
  workflow: () => processTransitions,
  fields: {
    /** The uploaded file's name. */
    name: text({ readOnly: true, label: 'File' }),
    kind: text({ readOnly: true }),
    format: text({ readOnly: true }),
    encoding: text({ readOnly: true }),
    delimiter: text({ readOnly: true }),
    sheet: text({ readOnly: true }),
    fileKey: text({ readOnly: true, hidden: true }),
    fileSize: integer({ readOnly: true }),
    /** The header row's cells, in order. */
    columns: json({ readOnly: true, hidden: true }),
    /** Column header → field path (`contacts[0].email`); unmapped columns are left out. */
    mapping: json({ readOnly: true, hidden: true }),
    /** The field whose value finds the record a row updates (`registration`, `email`); none: every row creates. */
    keyField: text({ readOnly: true, label: 'Key field' }),
    templateName: text({ readOnly: true, label: 'Template' }),
    totalRows: integer({ readOnly: true, label: 'Rows' }),
    validRows: integer({ readOnly: true, label: 'Valid rows' }),
    createdRows: integer({ readOnly: true, label: 'Created' }),
    updatedRows: integer({ readOnly: true, label: 'Updated' }),
    failedRows: integer({ readOnly: true, label: 'Failed' }),
    /** Data rows committed so far by the run (a resumed run skips them). */
    committedRows: integer({ readOnly: true, hidden: true }),
    batchRegistration: link('Batch', { readOnly: true, label: 'Batch' }),
    /** The rows the run refused, with their errors (the error report). */
    failures: json({ readOnly: true, hidden: true }),
  },
  indexes: ['kind', 'templateName'],
  search: [regex('name'), equal('kind'), equal('templateName'), equal('status'), 'registration'],
  columns: [
    'registration',
    'status',
    column('name', { label: 'File' }),
    'kind',
    column('totalRows', { label: 'Rows' }),
    column('createdRows', { label: 'Created' }),
    column('updatedRows', { label: 'Updated' }),
    column('failedRows', { label: 'Failed' }),
    column('_insertDate', { render: 'datetime', label: 'Date' }),
  ],
  menu: { section: 'Configuration', order: 40, permission: 'read /api/import/imports' },
  screens: { list: 'imports' },
  labels: {
    fr: {
      singular: 'Import',
      plural: 'Imports',
      texts: {
        File: 'Fichier',
        'Key field': 'Champ clé',
        Template: 'Modèle',
        Rows: 'Lignes',
        'Valid rows': 'Lignes valides',
        Created: 'Créés',
        Updated: 'Mis à jour',
        Failed: 'En erreur',
        Batch: 'Traitement',
        'Committed rows': 'Lignes enregistrées',
        Failures: 'Rejets',
        'File key': 'Clé du fichier',
      },
    },
  },
});

/** Kinds a file is never imported into: the import's own records, the job queue's, the audit trail, users (their own route). */
const notImported = new Set(['Import', 'Batch', 'History', 'Audit', 'User']);

/** The kinds a file may be imported into: those the generic write path creates for a client. */
export function importableKinds(kinds: readonly Entity[]): Entity[] {
  return kinds.filter(
    (e) =>
      !e.readOnly &&
      !notImported.has(e.name) &&
      e.domainRoutes !== 'all' &&
      !(Array.isArray(e.domainRoutes) && e.domainRoutes.includes('create')),
  );
}
