import { ApiError } from '../../errors.ts';
import { Dec } from '../../finance/decimal.ts';

/**
 * The arithmetic of a score card (docs/scoring.md), shared by the server that scores and the
 * screens that explain: a criterion's value falls in one of its bands, whose points are weighted;
 * the weighted points add up to the total, and the card's decision rules turn the total into
 * APPROVE, REFER, GUARANTOR or REFUSE. Pure: the values are measured by server/src/scoring.
 */

/** `from ≤ value < to`; a missing bound is open (the first band has no `from`, the last no `to`). */
export interface ScoreBand {
  from?: number | null;
  to?: number | null;
  points: number;
}

export interface ScoreCriterion {
  /** What is measured (reference list `scoreCriterion`). */
  source: string;
  label?: string;
  weight: number;
  bands: ScoreBand[];
}

/** `from ≤ total < to` decides `decision` (reference list `scoreDecision`). */
export interface DecisionRule {
  from?: number | null;
  to?: number | null;
  decision: string;
}

export interface ScoreCardData {
  criteria?: ScoreCriterion[];
  decisions?: DecisionRule[];
}

/** One line of a score's explanation: what was measured, the band it fell in, what it brought. */
export interface ExplanationLine {
  source: string;
  label?: string;
  /** The measured value; null when the client's data does not say (it then scores no points). */
  value: number | null;
  band: string;
  points: number;
  weight: number;
  contribution: number;
}

export interface ScoreResult {
  total: number;
  decision: string;
  explanation: ExplanationLine[];
}

/** The decision when no rule covers the total: a person looks at it. */
export const FALLBACK_DECISION = 'REFER';

const bounded = (bound: number | null | undefined): bound is number => typeof bound === 'number';

/** Whether `value` lies in `[from, to)`. */
export const within = (range: { from?: number | null; to?: number | null }, value: number) =>
  (!bounded(range.from) || value >= range.from) && (!bounded(range.to) || value < range.to);

/** A band as read on screen: `< 2`, `2 – 5`, `≥ 10`. */
export function bandLabel(band: { from?: number | null; to?: number | null }): string {
  if (bounded(band.from) && bounded(band.to)) return `${band.from} – ${band.to}`;
  if (bounded(band.from)) return `≥ ${band.from}`;
  if (bounded(band.to)) return `< ${band.to}`;
  return 'any';
}

/** The decision of the first rule whose range holds `total`. */
export function decisionOf(rules: DecisionRule[], total: number): string {
  return rules.find((rule) => within(rule, total))?.decision ?? FALLBACK_DECISION;
}

/** Scores measured `values` (by criterion source) on `card`: exact to the cent, each line explained. */
export function scoreWith(card: ScoreCardData, values: Record<string, number | null | undefined>): ScoreResult {
  let total = new Dec(0);
  const explanation = (card.criteria ?? []).map((criterion): ExplanationLine => {
    const measured = values[criterion.source];
    const value = typeof measured === 'number' && Number.isFinite(measured) ? measured : null;
    const band = value === null ? undefined : (criterion.bands ?? []).find((b) => within(b, value));
    const points = band?.points ?? 0;
    const contribution = new Dec(points).times(criterion.weight).toDecimalPlaces(2);
    total = total.plus(contribution);
    return {
      source: criterion.source,
      ...(criterion.label ? { label: criterion.label } : {}),
      value,
      band: band ? bandLabel(band) : value === null ? 'no data' : 'no band',
      points,
      weight: criterion.weight,
      contribution: contribution.toNumber(),
    };
  });
  const sum = total.toDecimalPlaces(2).toNumber();
  return { total: sum, decision: decisionOf(card.decisions ?? [], sum), explanation };
}

const refuse = (value: unknown, field: string, reason: string): never => {
  throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value ?? null), field], { reason });
};

/**
 * Ranges in ascending order that do not overlap, open only at the ends: `[from, to)` with
 * from < to, each starting at or after the previous one's end.
 */
function checkRanges(ranges: { from?: number | null; to?: number | null }[], path: string): void {
  ranges.forEach((range, i) => {
    if (!bounded(range.from) && i > 0)
      refuse(range.from, `${path}[${i}].from`, 'only the first range may be open below');
    if (!bounded(range.to) && i < ranges.length - 1)
      refuse(range.to, `${path}[${i}].to`, 'only the last range may be open above');
    if (bounded(range.from) && bounded(range.to) && range.to <= range.from)
      refuse(range.to, `${path}[${i}].to`, 'a range ends after it starts');
    const previous = ranges[i - 1];
    if (previous && bounded(previous.to) && bounded(range.from) && range.from < previous.to)
      refuse(range.from, `${path}[${i}].from`, 'ranges are in ascending order and do not overlap');
  });
}

/**
 * The declaration's check of a card (every write): criteria and decisions that can score, or the
 * field at fault. A card being built may hold none yet: it then scores 0 and refers every client.
 */
export function checkScoreCard(doc: Record<string, unknown>): void {
  const card = doc as ScoreCardData;
  const criteria = card.criteria ?? [];
  const decisions = card.decisions ?? [];
  const seen = new Set<string>();
  criteria.forEach((criterion, i) => {
    if (seen.has(criterion.source)) refuse(criterion.source, `criteria[${i}].source`, 'each source is scored once');
    seen.add(criterion.source);
    if (!(criterion.weight >= 0)) refuse(criterion.weight, `criteria[${i}].weight`, 'a weight is zero or more');
    checkRanges(criterion.bands ?? [], `criteria[${i}].bands`);
  });
  checkRanges(decisions, 'decisions');
}
