import { defineEntity } from '../../entity.ts';
import { datetime, json, link, text } from '../../fields.ts';

/** One write of a record: who, when, the status move and the changed fields (`{ field: { from, to } }`). */
export const history = defineEntity({
  name: 'History',
  route: 'core/histories',
  prefix: 'HIS',
  plural: 'histories',
  status: false,
  readOnly: true,
  fields: {
    entityName: text(),
    entityRegistration: text(),
    action: text(),
    user: text(),
    date: datetime(),
    fromStatus: text(),
    toStatus: text(),
    changes: json(),
    // A transition's run (workflow), the amendment a change comes from, what else the domain tells.
    transition: text(),
    transitionLabel: text(),
    workflowAction: text(),
    amendmentRegistration: link('Amendment'),
    details: json(),
  },
  // The history card of a record reads its rows by entity.
  indexes: ['entityName', 'entityRegistration'],
  // Several rows are written with every write (four per invoice a billing run creates); read by record, not searched by free text.
  textSearchIndexed: false,
  menu: { section: 'Administration', order: 45 },
  labels: {
    fr: {
      singular: 'Historique',
      plural: 'Historiques',
      texts: {
        'Transition label': 'Libellé de la transition',
        'Workflow action': 'Action du workflow',
        'Amendment registration': 'Avenant',
        Details: 'Détails',
      },
    },
  },
});
