import { defineEntity } from '../../entity.ts';
import { integer, text } from '../../fields.ts';
import { column, equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** A file attached to a record of any kind (entityName + entityRegistration). */
export const document = defineEntity({
  name: 'Document',
  route: 'core/documents',
  prefix: 'DOC',
  typeList: 'documentType',
  fields: {
    entityName: text(),
    entityRegistration: text(),
    url: text(),
    size: integer({ min: 0, readOnly: true }),
    sortIndex: integer(),
    deliveryId: text(),
    deliveryStatus: text(),
    externalReference: text(),
    externalGroupId: text(),
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
  labels: { fr: { singular: 'Document', plural: 'Documents' } },
});
