import { defineEntity } from '../../entity.ts';
import { boolean, list, number, select, text, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';

/**
 * A tenant's credit score card (server/src/scoring, docs/scoring.md): the criteria measured on a
 * client (each with its source, weight and bands of points) and the decision rules that turn the
 * weighted total into APPROVE, REFER, GUARANTOR or REFUSE. Every tenant starts with a default card
 * it may edit; a deal submitted is scored on the tenant's default card.
 */
export const scoreCard = defineEntity({
  name: 'ScoreCard',
  route: 'scoring/score-cards',
  prefix: 'SCC',
  status: false,
  addedBecause:
    'Credit scoring that decides (issue 32): the score cards a Score is computed with are tenant data, edited like any record.',
  fields: {
    description: textarea(),
    /** The card deals are scored with (the lowest registration when several say so). */
    isDefault: boolean({ label: 'Default card' }),
    criteria: list({
      source: select('scoreCriterion', { mandatory: true }),
      label: text(),
      weight: number({ mandatory: true, min: 0 }),
      bands: list({
        from: number({ label: 'Lower bound' }),
        to: number({ label: 'Upper bound' }),
        points: number({ mandatory: true }),
      }),
    }),
    decisions: list({
      from: number({ label: 'Lower bound' }),
      to: number({ label: 'Upper bound' }),
      decision: select('scoreDecision', { mandatory: true }),
    }),
  },
  search: ['registration', regex('name'), equal('isDefault')],
  columns: ['registration', 'name', 'isDefault'],
  check: async (doc) => (await import('./score-card-rules.ts')).checkScoreCard(doc),
  menu: { section: 'Scoring', order: 20 },
  labels: {
    en: { singular: 'Score card', plural: 'Score cards' },
    fr: {
      singular: 'Grille de score',
      plural: 'Grilles de score',
      texts: {
        Description: 'Description',
        'Default card': 'Grille par défaut',
        Criteria: 'Critères',
        Source: 'Source',
        Label: 'Libellé',
        Weight: 'Poids',
        Bands: 'Tranches',
        'Lower bound': 'Borne basse (incluse)',
        'Upper bound': 'Borne haute (exclue)',
        Points: 'Points',
        Decisions: 'Décisions',
        Decision: 'Décision',
      },
    },
  },
});
