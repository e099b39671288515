import { describe, expect, it } from 'vitest';
import { sequenceTypeOf } from './payment-file.operation.ts';

describe('sequence type of a direct debit', () => {
  const recurrent = { rumReference: 'RUM-1', rumFrequency: 'RCUR' };
  it('is FRST on a mandate never collected, RCUR after', () => {
    expect(sequenceTypeOf(recurrent, { collectedBefore: false, lastOfTerminatedContract: false })).toBe('FRST');
    expect(sequenceTypeOf(recurrent, { collectedBefore: true, lastOfTerminatedContract: false })).toBe('RCUR');
  });
  it('is FNAL for the last collection of a terminated contract, once collected before', () => {
    expect(sequenceTypeOf(recurrent, { collectedBefore: true, lastOfTerminatedContract: true })).toBe('FNAL');
    expect(sequenceTypeOf(recurrent, { collectedBefore: false, lastOfTerminatedContract: true })).toBe('FRST');
  });
  it('is OOFF on a one-off mandate, whatever its history', () => {
    for (const mandate of [{ rumFrequency: 'OOFF' }, { rumType: 'ONE_OFF' }]) {
      expect(sequenceTypeOf(mandate, { collectedBefore: false, lastOfTerminatedContract: false })).toBe('OOFF');
      expect(sequenceTypeOf(mandate, { collectedBefore: true, lastOfTerminatedContract: true })).toBe('OOFF');
    }
  });
});
