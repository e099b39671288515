import { defineEntity } from '../../entity.ts';
import { datetime, integer, json, link, percentage, text, textarea } from '../../fields.ts';
import { column, equal } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A list export run in the background (docs/decisions.md, "List exports"): the list query it
 * runs, how far it got, and the file it wrote to the object store; a Batch on the job queue runs it. Written by the server only;
 * its owner (and admins) read it at `/exports`.
 */
export const exportKind = defineEntity({
  name: 'Export',
  route: 'report/exports',
  prefix: 'EXP',
  readOnly: true,
  // The owner-scoped list, the record and its file are served by packages/server/src/report.
  domainRoutes: 'all',
  fields: {
    entityName: text({ label: 'List' }),
    format: text(),
    fileName: text(),
    /** The list query (filters, search, sort) as the client sent it. */
    query: json({ hidden: true }),
    columns: json({ hidden: true }),
    locale: text({ hidden: true }),
    timeZone: text({ hidden: true }),
    ownerUser: text({ label: 'Owner' }),
    total: integer(),
    rowsWritten: integer(),
    progress: percentage(),
    size: integer({ label: 'File size' }),
    error: textarea(),
    /** The file in the object store; the orphan sweeper keeps what a record names here. */
    storageKey: text({ hidden: true }),
    /** The client's headers of the columns, and the sheet's title: with the query, all a worker needs to write the file again. */
    labels: json({ hidden: true }),
    title: text({ hidden: true }),
    /** The Batch that runs it on the job queue: its progress, its log, STOP, CONTINUE and RESET. */
    batchRegistration: link('Batch', { readOnly: true, label: 'Batch' }),
    finishedDate: datetime(),
  },
  search: [equal('status'), equal('entityName'), equal('format'), equal('ownerUser')],
  columns: [
    'registration',
    'status',
    'entityName',
    'format',
    'progress',
    'rowsWritten',
    'total',
    column('size', { render: 'bytes' }),
    column('_insertDate', { render: 'datetime', label: 'Created' }),
    'finishedDate',
    'ownerUser',
    'fileName',
  ],
  statuses: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'],
  statusLabels: { RUNNING: { en: 'Running', fr: 'En cours' } },
  // Statuses move with the export's work only: its transitions are the system's, kept out of menus.
  workflow: () => [
    t('START', 'QUEUED', 'RUNNING', { hidden: true }),
    t('FINISH', 'RUNNING', 'DONE', { hidden: true }),
    t('FAIL', ['QUEUED', 'RUNNING'], 'FAILED', { hidden: true }),
  ],
  screens: { list: 'exports', listPage: { addButton: false } },
  menu: { section: 'Work', order: 66 },
  labels: {
    fr: {
      singular: 'Export',
      plural: 'Exports',
      texts: {
        List: 'Liste',
        Owner: 'Propriétaire',
        'File size': 'Taille du fichier',
        'Rows written': 'Lignes écrites',
        'Finished date': 'Date de fin',
        Progress: 'Progression',
        Format: 'Format',
        'Owner user': 'Propriétaire',
        'File name': 'Nom du fichier',
        Error: 'Erreur',
        Query: 'Requête',
        Batch: 'Traitement',
        Labels: 'Libellés',
        Title: 'Titre',
      },
    },
  },
  addedBecause:
    'The record of a background list export (spec 000 §2.2 lists the /exports screen): its progress, its owner and the file it wrote.',
});
