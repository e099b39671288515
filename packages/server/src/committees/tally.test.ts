import { describe, expect, it } from 'vitest';
import { carries, quorumRequired, secretVoter, tally } from './tally.ts';

describe('counting a voting', () => {
  it('takes a simple majority among for and against, abstentions counting for neither', () => {
    expect(tally(['FOR', 'FOR', 'AGAINST', 'ABSTAIN'], { eligible: 5 }).outcome).toBe('APPROVED');
    expect(tally(['FOR', 'AGAINST', 'ABSTAIN'], { eligible: 3 }).outcome).toBe('REJECTED');
  });
  it('needs two thirds or no voice against for the stricter rules', () => {
    expect(carries('TWO_THIRDS', 2, 1)).toBe(true);
    expect(carries('TWO_THIRDS', 3, 2)).toBe(false);
    expect(carries('UNANIMOUS', 4, 0)).toBe(true);
    expect(carries('UNANIMOUS', 4, 1)).toBe(false);
    expect(carries('UNANIMOUS', 0, 0)).toBe(false);
  });
  it('reads the quorum as a count, a percent rounded up, or a majority of the eligible voters', () => {
    expect(quorumRequired({ eligible: 5, quorum: 2 })).toBe(2);
    expect(quorumRequired({ eligible: 5, quorum: 50, quorumType: 'PERCENT' })).toBe(3);
    expect(quorumRequired({ eligible: 4 })).toBe(3);
    const short = tally(['FOR', 'ABSTAIN'], { eligible: 5, quorum: 3 });
    expect(short).toMatchObject({ voteCount: 2, quorumRequired: 3, quorumReached: false, outcome: 'NO_QUORUM' });
  });
  it('hides a secret voter behind a digest that differs by voting', () => {
    const a = secretVoter('alpha', 'VTG000001', 'anna@alpha');
    expect(a).toMatch(/^secret:[0-9a-f]{40}$/);
    expect(a).not.toContain('anna');
    expect(secretVoter('alpha', 'VTG000002', 'anna@alpha')).not.toBe(a);
  });
});
