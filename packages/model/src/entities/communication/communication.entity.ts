import { defineEntity } from '../../entity.ts';
import { datetime, integer, json, link, list, persons, text, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A message or call exchanged with persons, about a contract, invoice or project. An EMAIL in
 * SCHEDULED is the outbox of the mail service (server/src/mail, docs/mail.md): it is claimed
 * (SENDING, with a lease), handed to the SMTP server or the local mailbox, and ends SENT, FAILED
 * (after its retries, or refused for good) or BOUNCED (a bounce reported for its Message-ID).
 */
export const communication = defineEntity({
  name: 'Communication',
  route: 'communication/communications',
  prefix: 'CMM',
  typeList: 'communicationType',
  fields: {
    date: datetime(),
    subject: text(),
    category: text(),
    persons: persons(),
    contractRegistration: link('Contract'),
    invoiceRegistration: link('Invoice'),
    projectRegistration: link('Project'),
    orgaRegistration: link('Person'),
    // An email's recipients (one or more addresses, separated by commas) and its text.
    to: text({ max: 2000 }),
    content: textarea(),
    // The mail service's part (server/src/mail): what was rendered, from which template and language.
    html: textarea({ readOnly: true }),
    template: text({ readOnly: true }),
    locale: text({ readOnly: true }),
    variables: json({ readOnly: true, hidden: true }),
    from: text({ readOnly: true }),
    replyTo: text({ readOnly: true }),
    /** Document registrations sent as attachments (besides the documents attached to the communication). */
    attachments: list({ documentRegistration: link('Document'), name: text() }, { readOnly: true }),
    /** One mail per key and tenant (`queueMail`'s `key`). */
    key: text({ readOnly: true, hidden: true }),
    attempts: integer({ readOnly: true }),
    nextAttemptDate: datetime({ readOnly: true }),
    leaseUntil: datetime({ readOnly: true, hidden: true }),
    /** Where a sender was when it stopped: CLAIMED (nothing left the product yet) or HANDED_OVER (the SMTP exchange began). */
    sendingStage: text({ readOnly: true }),
    lastError: textarea({ readOnly: true }),
    sentDate: datetime({ readOnly: true }),
    messageId: text({ label: 'Message-ID', readOnly: true }),
    smtpResponse: text({ readOnly: true }),
    bounceDate: datetime({ readOnly: true }),
    /** SHA-256 of the single-use token of the link the mail carries (a partner's self-registration), and when it was used. */
    accessTokenHash: text({ readOnly: true, hidden: true }),
    accessTokenUsedDate: datetime({ readOnly: true, hidden: true }),
    /** The local mailbox's copy when no SMTP server is configured. */
    mailRegistration: link('Mail', { readOnly: true }),
  },
  search: [
    'registration',
    range('date'),
    equal('status'),
    regex('subject'),
    equal('type'),
    equal('category'),
    equal('person', { field: 'persons.personRegistration', entity: 'Person' }),
    equal('contractRegistration'),
    equal('invoiceRegistration'),
    equal('projectRegistration'),
    equal('orgaRegistration'),
    equal('template'),
    equal('messageId'),
    regex('to'),
  ],
  // The outbox's lookups: one mail per key, a partner's link by its token (a bounce's Message-ID is a filter).
  indexes: ['key', 'accessTokenHash'],
  columns: [
    'registration',
    'date',
    'status',
    'subject',
    'type',
    'category',
    'to',
    column('persons.0.name', { label: 'Person' }),
    'contractRegistration',
    'invoiceRegistration',
    'attempts',
    'sentDate',
  ],
  statuses: ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'FAILED', 'BOUNCED', 'CANCELLED'],
  statusLabels: { SENDING: { en: 'Sending', fr: 'En cours d’envoi' } },
  workflow: () => [
    t('SCHEDULE', 'DRAFT', 'SCHEDULED'),
    t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
    t('SEND', ['DRAFT', 'SCHEDULED'], 'SENT'),
    // The outbox's own moves (mail/outbox.ts): claimed with a lease, handed over, or put back for a later attempt.
    t('CLAIM', 'SCHEDULED', 'SENDING', { hidden: true }),
    t('HAND_OVER', 'SENDING', 'SENT', { hidden: true }),
    t('POSTPONE', 'SENDING', 'SCHEDULED', { hidden: true }),
    t('CONFIRM_DELIVERY', 'SENT', 'DELIVERED', { action: 'COMPLETE', hidden: true }),
    t('FAIL', ['SENT', 'SENDING'], 'FAILED', { hidden: true }),
    t('BOUNCE', ['SENT', 'DELIVERED'], 'BOUNCED', { hidden: true }),
    t('RETRY', ['FAILED', 'BOUNCED'], 'SCHEDULED'),
    t('CANCEL', ['DRAFT', 'SCHEDULED'], 'CANCELLED'),
  ],
  menu: { section: 'Persons', order: 50 },
  screens: { detail: 'communication' },
  labels: {
    fr: {
      singular: 'Communication',
      plural: 'Communications',
      texts: {
        To: 'Destinataires',
        Content: 'Contenu',
        Html: 'HTML',
        Template: 'Modèle',
        Locale: 'Langue',
        Variables: 'Variables',
        From: 'Expéditeur',
        'Reply to': 'Répondre à',
        Attachments: 'Pièces jointes',
        'Document registration': 'Document',
        Key: 'Clé',
        Attempts: 'Tentatives',
        'Next attempt date': 'Prochaine tentative',
        'Lease until': 'Réservé jusqu’à',
        'Sending stage': 'Étape d’envoi',
        'Last error': 'Dernière erreur',
        'Sent date': 'Date d’envoi',
        'Message-ID': 'Message-ID',
        'Smtp response': 'Réponse SMTP',
        'Bounce date': 'Date de rejet',
        'Mail registration': 'Courriel (boîte locale)',
        'Access token hash': 'Empreinte du jeton',
        'Access token used date': 'Jeton utilisé le',
      },
    },
  },
});
