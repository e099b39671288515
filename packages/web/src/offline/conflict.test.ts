import { describe, expect, it } from 'vitest';
import { conflictFields, defaultChoices, mergedChange } from './conflict.ts';

describe('a conflict settled field by field', () => {
  const base = { registration: 'CT1', name: 'Fleet', amount: '1000.00', comment: 'old', _version: 3 };
  const theirs = { registration: 'CT1', name: 'Fleet 2026', amount: '1000.00', comment: 'old', _version: 4 };
  const mine = { name: 'Fleet (basement)', amount: '1200.50', comment: 'old' };

  it('shows each field of my change beside the server value, and which ones clash', () => {
    expect(conflictFields(base, mine, theirs)).toEqual([
      { field: 'name', base: 'Fleet', mine: 'Fleet (basement)', theirs: 'Fleet 2026', clash: true },
      { field: 'amount', base: '1000.00', mine: '1200.50', theirs: '1000.00', clash: false },
      { field: 'comment', base: 'old', mine: 'old', theirs: 'old', clash: false },
    ]);
  });

  it('keeps the server value of a clashing field until I choose, and my value where the server did not touch it', () => {
    const fields = conflictFields(base, mine, theirs);
    const choices = defaultChoices(fields);
    expect(choices).toEqual({ name: 'theirs', amount: 'mine', comment: 'mine' });
    expect(mergedChange(fields, choices)).toEqual({ amount: '1200.50' });
    expect(mergedChange(fields, { ...choices, name: 'mine' })).toEqual({ name: 'Fleet (basement)', amount: '1200.50' });
    expect(mergedChange(fields, { name: 'theirs', amount: 'theirs', comment: 'theirs' })).toEqual({});
  });

  it('compares nested values by content, ignores system fields, and treats every change as a clash without a base', () => {
    const nested = conflictFields(
      { persons: [{ personRegistration: 'PE1' }] },
      { persons: [{ personRegistration: 'PE1' }, { personRegistration: 'PE2' }], _version: 3 },
      { persons: [{ personRegistration: 'PE1' }] },
    );
    expect(nested).toHaveLength(1);
    expect(nested[0].clash).toBe(false);
    expect(conflictFields(undefined, { name: 'x' }, { name: 'y' })[0].clash).toBe(true);
  });
});
