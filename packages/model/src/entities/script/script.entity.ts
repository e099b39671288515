import { defineEntity } from '../../entity.ts';
import { text, textarea } from '../../fields.ts';

/** A tenant script (layout, computation, format check), fetched by name. */
export const script = defineEntity({
  name: 'Script',
  route: 'script/scripts',
  key: 'name',
  fields: {
    name: text({ mandatory: true }),
    code: textarea(),
  },
});
