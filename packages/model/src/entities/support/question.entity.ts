import { defineEntity } from '../../entity.ts';
import { select, text } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

export const question = defineEntity({
  name: 'Question',
  route: 'support/questions',
  prefix: 'QST',
  typeList: 'questionType',
  fields: {
    subject: text(),
    locale: select('locale'),
    author: text(),
    keywords: text(),
  },
  search: [regex('subject'), equal('status'), equal('type'), equal('locale'), regex('author'), regex('keywords')],
  columns: ['registration', 'subject', 'status', 'type', 'locale', 'author', 'keywords'],
  statuses: ['DRAFT', 'OPEN', 'ANSWERED', 'CLOSED'],
  workflow: () => [
    t('OPEN', 'DRAFT', 'OPEN', { label: 'Ask' }),
    t('ANSWER', 'OPEN', 'ANSWERED'),
    t('REOPEN', 'ANSWERED', 'OPEN', { action: 'UNDO' }),
    t('CLOSE', ['OPEN', 'ANSWERED'], 'CLOSED'),
  ],
  menu: { section: 'Support', order: 80 },
  labels: { fr: { singular: 'Question', plural: 'Questions' } },
});
