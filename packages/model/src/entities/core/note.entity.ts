import { defineEntity } from '../../entity.ts';
import { boolean, datetime, list, markdown, text, username } from '../../fields.ts';
import { column, equal, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/** The most characters a note's text holds. */
export const NOTE_TEXT_MAX = 20_000;

/**
 * A note on a record of any kind (entityName + entityRegistration, like a document): Markdown
 * text, its author and date (the record's insert user and date), pinned or not, the users its
 * text mentions (`@username`), and when its text was last edited (its earlier texts are in its
 * History rows). Served by its domain (packages/server/src/notes), never by the generic routes:
 * who may read a note depends on the record it belongs to, and only its author edits it.
 */
export const note = defineEntity({
  name: 'Note',
  route: 'core/notes',
  prefix: 'NOT',
  readOnly: true,
  domainRoutes: 'all',
  // Notes are written PUBLISHED by their domain. The generic transition routes answer the record
  // whatever its record's kind: only approvers (administrators unless granted) run them.
  statuses: ['DRAFT', 'PUBLISHED', 'ARCHIVED'],
  workflow: (kind) => [
    t('PUBLISH', 'DRAFT', 'PUBLISHED', { permission: approver(kind) }),
    t('UNPUBLISH', 'PUBLISHED', 'DRAFT', { permission: approver(kind) }),
    t('ARCHIVE', ['DRAFT', 'PUBLISHED'], 'ARCHIVED', { permission: approver(kind) }),
  ],
  fields: {
    /** The first words of the text, written by the server: the note's name in lists and links. */
    name: text({ readOnly: true, label: 'Excerpt' }),
    entityName: text({ mandatory: true, label: 'Kind' }),
    entityRegistration: text({ mandatory: true, label: 'Record' }),
    text: markdown({ mandatory: true, max: NOTE_TEXT_MAX }),
    pinned: boolean(),
    mentions: list({ username: username() }, { readOnly: true }),
    editedDate: datetime({ readOnly: true, label: 'Edited' }),
    editedBy: text({ readOnly: true, label: 'Edited by' }),
  },
  indexes: ['entityName', 'entityRegistration'],
  textSearch: ['registration', 'text'],
  search: [
    regex('text'),
    equal('author', { field: '_insertUser' }),
    equal('entityName'),
    equal('entityRegistration'),
    equal('type'),
    equal('pinned'),
    equal('status'),
    'registration',
  ],
  columns: [
    'registration',
    column('entityName', { label: 'Kind' }),
    column('entityRegistration', { render: 'link', entityField: 'entityName', label: 'Record' }),
    column('_insertUser', { render: 'text', label: 'Author' }),
    column('_insertDate', { render: 'datetime', label: 'Date' }),
    'pinned',
    column('name', { label: 'Excerpt' }),
  ],
  screens: { detail: 'note', detailByIdOnly: true, listPage: { addButton: false } },
  menu: { section: 'Work', order: 20 },
  labels: {
    fr: {
      singular: 'Note',
      plural: 'Notes',
      texts: {
        Excerpt: 'Extrait',
        Kind: 'Type de fiche',
        Record: 'Fiche',
        Text: 'Texte',
        Pinned: 'Épinglée',
        Mentions: 'Mentions',
        Username: 'Utilisateur',
        Edited: 'Modifiée le',
        'Edited by': 'Modifiée par',
        Author: 'Auteur',
        Date: 'Date',
      },
    },
  },
});
