import { defineEntity } from '../../entity.ts';
import { integer, text } from '../../fields.ts';
import { column, equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A file attached to a record of any kind (entityName + entityRegistration). Its content is in
 * the object store; documents are written through their parent's routes
 * (`{route}/{registration}/documents`, server/src/documents), never by the generic ones.
 */
export const document = defineEntity({
  name: 'Document',
  route: 'core/documents',
  prefix: 'DOC',
  typeList: 'documentType',
  readOnly: true,
  fields: {
    entityName: text({ readOnly: true }),
    entityRegistration: text({ readOnly: true }),
    url: text({ label: 'URL' }),
    size: integer({ min: 0, readOnly: true }),
    contentType: text({ readOnly: true }),
    /** SHA-256 of the content, hex. */
    checksum: text({ readOnly: true, hidden: true }),
    /** Where the content is in the object store (`{tenant}/{uuid}`). */
    storageKey: text({ readOnly: true, hidden: true }),
    /** Where a picture's thumbnail is in the object store, when the content is an image. */
    thumbnailKey: text({ readOnly: true, hidden: true }),
    sortIndex: integer(),
    deliveryId: text({ label: 'Delivery ID' }),
    deliveryStatus: text(),
    externalReference: text(),
    externalGroupId: text({ label: 'External group ID' }),
  },
  search: [
    equal('status'),
    'registration',
    regex('name'),
    equal('entityName'),
    equal('entityRegistration'),
    equal('type'),
    equal('deliveryId'),
    equal('deliveryStatus'),
    equal('externalReference'),
    equal('externalGroupId'),
  ],
  columns: [
    'registration',
    'name',
    'type',
    'status',
    'url',
    column('size', { render: 'bytes' }),
    'entityName',
    'entityRegistration',
  ],
  statuses: ['DRAFT', 'UPLOADED', 'VALIDATED', 'REJECTED', 'SIGNED', 'EXPIRED', 'ARCHIVED'],
  workflow: () => [
    t('UPLOAD', 'DRAFT', 'UPLOADED'),
    t('VALIDATE', 'UPLOADED', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
    t('UNDO_VALIDATE', 'VALIDATED', 'UPLOADED', { label: 'Back to review' }),
    t('SIGN', 'VALIDATED', 'SIGNED'),
    t('EXPIRE', ['VALIDATED', 'SIGNED'], 'EXPIRED'),
    t('REOPEN', 'REJECTED', 'DRAFT', { label: 'Replace' }),
    t('REJECT', 'UPLOADED', 'REJECTED'),
    t('ARCHIVE', ['VALIDATED', 'SIGNED', 'EXPIRED', 'REJECTED'], 'ARCHIVED'),
  ],
  menu: { section: 'Work', order: 30 },
  labels: {
    fr: {
      singular: 'Document',
      plural: 'Documents',
      texts: {
        URL: 'URL',
        'Delivery ID': 'Identifiant de livraison',
        'External group ID': 'Identifiant de groupe externe',
        'Content type': 'Type de contenu',
        Checksum: 'Somme de contrôle',
        'Storage key': 'Clé de stockage',
        'Thumbnail key': 'Clé de la vignette',
      },
    },
  },
});
