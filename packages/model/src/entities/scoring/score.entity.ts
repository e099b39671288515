import { defineEntity } from '../../entity.ts';
import { date, link, list, number, select, text } from '../../fields.ts';
import { column, equal, range } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * A client's credit score, as computed and stored by server/src/scoring (docs/scoring.md): the
 * person scored, the deal it was computed for (on SUBMIT) if any, the card used, the weighted
 * total, the card's decision and the explanation, line by line (each criterion's measured value,
 * its band, points, weight and weighted contribution). Written by the server only: a score is
 * computed, never typed in. A person's scores over time are its history (filter `person`).
 */
export const score = defineEntity({
  name: 'Score',
  route: 'scoring/scores',
  prefix: 'SCO',
  readOnly: true,
  fields: {
    personRegistration: link('Person', { label: 'Person' }),
    dealRegistration: link('Deal', { label: 'Deal' }),
    cardRegistration: link('ScoreCard', { label: 'Score card' }),
    total: number({ readOnly: true }),
    decision: select('scoreDecision', { readOnly: true }),
    scoreDate: date({ label: 'Score date', readOnly: true }),
    validationDate: date({ readOnly: true }),
    explanation: list(
      {
        source: select('scoreCriterion', { label: 'Criterion' }),
        label: text(),
        value: number(),
        band: text(),
        points: number(),
        weight: number(),
        contribution: number(),
      },
      { readOnly: true },
    ),
  },
  search: [
    'registration',
    equal('status'),
    equal('person', { field: 'personRegistration' }),
    equal('deal', { field: 'dealRegistration' }),
    equal('decision'),
    range('scoreDate'),
  ],
  columns: [
    'registration',
    'status',
    column('personRegistration', { label: 'Person' }),
    column('dealRegistration', { label: 'Deal' }),
    'total',
    'decision',
    'scoreDate',
  ],
  statuses: ['DRAFT', 'COMPUTED', 'VALIDATED', 'OVERRIDDEN', 'EXPIRED'],
  workflow: (kind) => [
    t('COMPUTE', 'DRAFT', 'COMPUTED'),
    t('RECOMPUTE', 'COMPUTED', 'DRAFT'),
    t('VALIDATE', 'COMPUTED', 'VALIDATED', { permission: approver(kind), sideEffects: ['stampValidationDate'] }),
    t('OVERRIDE', ['COMPUTED', 'VALIDATED'], 'OVERRIDDEN', { permission: approver(kind) }),
    t('EXPIRE', ['VALIDATED', 'OVERRIDDEN'], 'EXPIRED'),
  ],
  menu: { section: 'Scoring', order: 10 },
  screens: { detail: 'score' },
  labels: {
    fr: {
      singular: 'Score',
      plural: 'Scores',
      texts: {
        Person: 'Personne',
        Deal: 'Affaire',
        'Score card': 'Grille de score',
        Total: 'Total',
        Decision: 'Décision',
        'Score date': 'Date du score',
        'Validation date': 'Date de validation',
        Explanation: 'Explication',
        Criterion: 'Critère',
        Label: 'Libellé',
        Value: 'Valeur',
        Band: 'Tranche',
        Points: 'Points',
        Weight: 'Poids',
        Contribution: 'Contribution',
      },
    },
  },
});
