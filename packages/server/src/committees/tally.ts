import { createHash } from 'node:crypto';

/**
 * Counting a voting (docs/committees.md). Quorum counts every vote cast, abstentions included;
 * the majority is taken among the votes for and against, abstentions counting for neither side
 * (the usual practice of boards and credit committees).
 */
export type Choice = 'FOR' | 'AGAINST' | 'ABSTAIN';
export const choices: readonly Choice[] = ['FOR', 'AGAINST', 'ABSTAIN'];
export type Outcome = 'APPROVED' | 'REJECTED' | 'NO_QUORUM';

export interface TallyRules {
  /** How many voters are eligible. */
  eligible: number;
  quorum?: unknown;
  /** COUNT (the default) or PERCENT of the eligible voters. */
  quorumType?: unknown;
  /** SIMPLE (the default), TWO_THIRDS or UNANIMOUS. */
  majority?: unknown;
}

export interface Tally {
  forCount: number;
  againstCount: number;
  abstainCount: number;
  voteCount: number;
  quorumRequired: number;
  quorumReached: boolean;
  outcome: Outcome;
}

/** Votes needed: the quorum as a count, a percent of the eligible voters rounded up, or, when none is set, a majority of the eligible voters. */
export function quorumRequired({ eligible, quorum, quorumType }: TallyRules): number {
  const value = typeof quorum === 'number' && Number.isFinite(quorum) && quorum > 0 ? quorum : undefined;
  if (value === undefined) return Math.floor(eligible / 2) + 1;
  if (quorumType === 'PERCENT') return Math.max(1, Math.ceil((eligible * Math.min(value, 100)) / 100));
  return Math.ceil(value);
}

/** Whether `forCount` against `againstCount` carries under `majority`. */
export function carries(majority: unknown, forCount: number, againstCount: number): boolean {
  if (forCount === 0) return false;
  if (majority === 'UNANIMOUS') return againstCount === 0;
  // Integers: for ≥ 2/3 of the votes expressed, without rounding.
  if (majority === 'TWO_THIRDS') return 3 * forCount >= 2 * (forCount + againstCount);
  return forCount > againstCount;
}

export function tally(votes: readonly unknown[], rules: TallyRules): Tally {
  const count = (choice: Choice) => votes.filter((v) => v === choice).length;
  const forCount = count('FOR');
  const againstCount = count('AGAINST');
  const abstainCount = count('ABSTAIN');
  const voteCount = forCount + againstCount + abstainCount;
  const required = quorumRequired(rules);
  const quorumReached = voteCount >= required;
  const outcome: Outcome = !quorumReached
    ? 'NO_QUORUM'
    : carries(rules.majority, forCount, againstCount)
      ? 'APPROVED'
      : 'REJECTED';
  return { forCount, againstCount, abstainCount, voteCount, quorumRequired: required, quorumReached, outcome };
}

/**
 * The `voter` stored for a secret ballot: a digest of the tenant, the voting and the username, so
 * that the database still holds one vote per voter while no reader sees a username.
 */
export const secretVoter = (tenant: string, voting: string, username: string) =>
  `secret:${createHash('sha256').update(`${tenant}\u0000${voting}\u0000${username}`).digest('hex').slice(0, 40)}`;

/** The writer recorded on a secret ballot's votes (their audit fields and History rows). */
export const BALLOT_BOX = 'ballot-box';
