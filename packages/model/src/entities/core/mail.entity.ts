import { defineEntity } from '../../entity.ts';
import { datetime, link, list, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * The local mailbox (server/src/mail, docs/mail.md): without an SMTP server configured, each
 * mail the product sends is delivered here, a copy of what would have left (recipients, subject,
 * text, HTML, attachments), readable on the `/mailbox` screen.
 */
export const mail = defineEntity({
  name: 'Mail',
  route: 'core/mails',
  prefix: 'MAL',
  fields: {
    communicationRegistration: link('Communication', { readOnly: true }),
    deliveredDate: datetime({ readOnly: true }),
    from: text({ readOnly: true }),
    to: text({ readOnly: true, max: 2000 }),
    replyTo: text({ readOnly: true }),
    subject: text({ readOnly: true }),
    text: textarea({ readOnly: true }),
    html: textarea({ readOnly: true, hidden: true }),
    messageId: text({ label: 'Message-ID', readOnly: true }),
    attachments: list(
      { documentRegistration: link('Document'), name: text(), contentType: text(), size: text() },
      { readOnly: true },
    ),
  },
  search: [
    'registration',
    equal('status'),
    range('deliveredDate'),
    regex('subject'),
    regex('to'),
    equal('communicationRegistration'),
  ],
  columns: ['registration', 'deliveredDate', 'status', 'to', 'subject', 'communicationRegistration'],
  statuses: ['DRAFT', 'QUEUED', 'SENT', 'DELIVERED', 'OPENED', 'BOUNCED', 'FAILED'],
  workflow: () => [
    t('QUEUE', 'DRAFT', 'QUEUED'),
    t('SEND', 'QUEUED', 'SENT', { hidden: true }),
    t('CONFIRM_DELIVERY', 'SENT', 'DELIVERED', { hidden: true }),
    t('CONFIRM_OPENING', 'DELIVERED', 'OPENED', { action: 'COMPLETE', hidden: true }),
    t('BOUNCE', 'SENT', 'BOUNCED', { hidden: true }),
    t('FAIL', 'QUEUED', 'FAILED', { hidden: true }),
    t('RETRY', ['FAILED', 'BOUNCED'], 'QUEUED'),
  ],
  menu: { notListed: 'read in the mailbox screen (/mailbox)' },
  labels: {
    fr: {
      singular: 'Courriel',
      plural: 'Courriels',
      texts: {
        'Communication registration': 'Communication',
        'Delivered date': 'Date de remise',
        From: 'Expéditeur',
        To: 'Destinataires',
        'Reply to': 'Répondre à',
        Subject: 'Objet',
        Text: 'Texte',
        Html: 'HTML',
        'Message-ID': 'Message-ID',
        Attachments: 'Pièces jointes',
        'Document registration': 'Document',
        Name: 'Nom',
        'Content type': 'Type de contenu',
        Size: 'Taille',
      },
    },
  },
});
