import { describe, expect, it } from 'vitest';
import { bandLabel, checkScoreCard, decisionOf, scoreWith, type ScoreCardData } from './score-card-rules.ts';

const decisions = [
  { to: 30, decision: 'REFUSE' },
  { from: 30, to: 50, decision: 'GUARANTOR' },
  { from: 50, to: 80, decision: 'REFER' },
  { from: 80, decision: 'APPROVE' },
];

const card: ScoreCardData = {
  criteria: [
    {
      source: 'REGISTRATION_AGE',
      weight: 1,
      bands: [
        { to: 2, points: 0 },
        { from: 2, to: 5, points: 10 },
        { from: 5, points: 30 },
      ],
    },
    {
      source: 'RETURNED_DEBITS',
      weight: 1.5,
      bands: [
        { to: 1, points: 20.33 },
        { from: 1, points: -10 },
      ],
    },
  ],
  decisions,
};

const errorOf = (work: () => void) => {
  try {
    work();
  } catch (error) {
    return (error as { reference: string }).reference;
  }
  return 'no error';
};

describe('score card arithmetic', () => {
  it('decides at the rule boundaries: a rule holds its lower bound, not its upper one', () => {
    expect(decisionOf(decisions, 29.99)).toBe('REFUSE');
    expect(decisionOf(decisions, 30)).toBe('GUARANTOR');
    expect(decisionOf(decisions, 49.99)).toBe('GUARANTOR');
    expect(decisionOf(decisions, 50)).toBe('REFER');
    expect(decisionOf(decisions, 79.99)).toBe('REFER');
    expect(decisionOf(decisions, 80)).toBe('APPROVE');
    expect(decisionOf(decisions, -500)).toBe('REFUSE');
    // A total no rule covers is referred to a person.
    expect(decisionOf([{ from: 0, to: 10, decision: 'APPROVE' }], 10)).toBe('REFER');
  });

  it('weights the points of the band each value falls in, exactly, and explains each line', () => {
    const result = scoreWith(card, { REGISTRATION_AGE: 5, RETURNED_DEBITS: 0 });
    expect(result.explanation).toEqual([
      { source: 'REGISTRATION_AGE', value: 5, band: '≥ 5', points: 30, weight: 1, contribution: 30 },
      { source: 'RETURNED_DEBITS', value: 0, band: '< 1', points: 20.33, weight: 1.5, contribution: 30.5 },
    ]);
    expect(result.total).toBe(60.5);
    expect(result.decision).toBe('REFER');
    // 4.99 years is in the 2–5 band; a value the data does not give scores nothing.
    const thin = scoreWith(card, { REGISTRATION_AGE: 4.99, RETURNED_DEBITS: null });
    expect(thin.explanation.map((l) => [l.band, l.points, l.contribution])).toEqual([
      ['2 – 5', 10, 10],
      ['no data', 0, 0],
    ]);
    expect(thin).toMatchObject({ total: 10, decision: 'REFUSE' });
    expect(bandLabel({})).toBe('any');
  });

  it('refuses a card whose bands or rules cannot score, naming the field', () => {
    expect(errorOf(() => checkScoreCard(card as Record<string, unknown>))).toBe('no error');
    const overlapping = {
      ...card,
      criteria: [
        {
          source: 'EXPOSURE',
          weight: 1,
          bands: [
            { to: 5, points: 1 },
            { from: 3, points: 2 },
          ],
        },
      ],
    };
    expect(errorOf(() => checkScoreCard(overlapping))).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value 3 for field criteria[0].bands[1].from',
    );
    const reversed = { ...card, decisions: [{ from: 40, to: 20, decision: 'APPROVE' }] };
    expect(errorOf(() => checkScoreCard(reversed))).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value 20 for field decisions[0].to',
    );
    const openInside = { ...card, decisions: [{ to: 20, decision: 'REFUSE' }, { decision: 'APPROVE' }] };
    expect(errorOf(() => checkScoreCard(openInside))).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value null for field decisions[1].from',
    );
    const twice = { ...card, criteria: [card.criteria![0], card.criteria![0]] };
    expect(errorOf(() => checkScoreCard(twice))).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "REGISTRATION_AGE" for field criteria[1].source',
    );
    // A card being built scores nothing and refers every client; a criterion without bands scores 0.
    expect(errorOf(() => checkScoreCard({ criteria: [{ source: 'EXPOSURE', weight: 1, bands: [] }] }))).toBe(
      'no error',
    );
    expect(scoreWith({}, {})).toEqual({ total: 0, decision: 'REFER', explanation: [] });
  });
});
