import { defineEntity } from '../../entity.ts';
import { markdown, select, text } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A knowledge-base article (spec 001 "Question: subject, status, type, locale, author, keywords"):
 * a question with its Markdown answer, found by its subject and keywords, and linked from the
 * support tickets it answers (`Ticket.questionRegistrations`).
 */
export const question = defineEntity({
  name: 'Question',
  route: 'support/questions',
  prefix: 'QST',
  typeList: 'questionType',
  fields: {
    subject: text(),
    answer: markdown(),
    locale: select('locale'),
    author: text(),
    keywords: text(),
  },
  search: [regex('subject'), equal('status'), equal('type'), equal('locale'), regex('author'), regex('keywords')],
  columns: ['registration', 'subject', 'status', 'type', 'locale', 'author', 'keywords'],
  textSearch: ['registration', 'name', 'subject', 'keywords'],
  statuses: ['DRAFT', 'OPEN', 'ANSWERED', 'CLOSED'],
  workflow: () => [
    t('OPEN', 'DRAFT', 'OPEN', { label: 'Ask' }),
    t('ANSWER', 'OPEN', 'ANSWERED'),
    t('REOPEN', 'ANSWERED', 'OPEN', { action: 'UNDO' }),
    t('CLOSE', ['OPEN', 'ANSWERED'], 'CLOSED'),
  ],
  menu: { section: 'Support', order: 80 },
  labels: {
    fr: {
      singular: 'Question',
      plural: 'Questions',
      texts: { Subject: 'Objet', Answer: 'Réponse', Locale: 'Langue', Author: 'Auteur', Keywords: 'Mots-clés' },
    },
  },
});
