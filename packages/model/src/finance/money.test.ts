import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec } from './decimal.ts';
import { factor, roundComputed, roundTimes, toMinor } from './money.ts';

describe('money in minor units', () => {
  it('rounds half away from zero, exactly on ties the float product misses', () => {
    expect(roundTimes(100, factor(new Dec('0.005')))).toBe(1); // 0.5
    expect(roundTimes(-100, factor(new Dec('0.005')))).toBe(-1);
    expect(roundTimes(1005, factor(new Dec('0.001')))).toBe(1); // 1.005
    expect(roundTimes(15, factor(new Dec('0.1')))).toBe(2); // 1.5, 1.5000000000000002 in floats
    expect(roundTimes(115, factor(new Dec('0.1')))).toBe(12); // 11.5, 11.500000000000002 in floats
    expect(roundTimes(1, factor(new Dec('0.49999999999999999999')))).toBe(0);
    expect(Object.is(roundTimes(-1, factor(new Dec('0.1'))), -0)).toBe(false);
    expect(toMinor(new Dec('1.005'), 100)).toBe(101);
    expect(toMinor(new Dec('-1.005'), 100)).toBe(-101);
    expect(toMinor(new Dec(1.005), 100)).toBe(101);
  });

  it('agrees with the decimal product rounded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 8 }),
        (minor, digits, scale) => {
          const f = new Dec(digits).div(10 ** scale);
          expect(roundTimes(minor, factor(f))).toBe(new Dec(minor).times(f).round().toNumber() + 0);
        },
      ),
    );
  });

  it('recomputes in decimals when a computed value sits on a half', () => {
    expect(roundComputed(2.5000000000001, 1e-12, () => new Dec('2.4999999'))).toBe(2);
    expect(roundComputed(2.6, 1e-12, () => new Dec(0))).toBe(3);
  });
});
