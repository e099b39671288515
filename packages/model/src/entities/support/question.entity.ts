import { defineEntity } from '../../entity.ts';
import { select, text } from '../../fields.ts';
import { equal, regex } from '../../search.ts';

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
  search: [
    regex('subject'),
    equal('status'),
    equal('type'),
    equal('locale'),
    regex('author'),
    regex('keywords'),
  ],
  columns: ['registration', 'subject', 'status', 'type', 'locale', 'author', 'keywords'],
});
