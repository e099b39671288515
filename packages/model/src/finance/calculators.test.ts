import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { effect, fv, ipmt, nominal, nper, pmt, ppmt, pv, rate } from './calculators.ts';
import { FinanceError } from './finance-errors.ts';

/** Within `relative` of a reference computed independently with mpmath at 40 digits. */
function near(actual: Decimal, reference: string, relative = 1e-12) {
  const expected = new Decimal(reference);
  const scale = Decimal.max(expected.abs(), 1e-300);
  expect(actual.minus(expected).abs().div(scale).toNumber(), `${actual} vs ${reference}`).toBeLessThanOrEqual(relative);
}

/** As Excel displays it: rounded to `places`. */
const shown = (value: Decimal, places: number) => value.toDecimalPlaces(places).toNumber();

/** The code of the FinanceError `fn` throws. */
function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FinanceError);
    return (error as FinanceError).code;
  }
  throw new Error('no error thrown');
}

describe("Microsoft's Excel documentation examples", () => {
  it('PMT', () => {
    expect(shown(pmt(0.08 / 12, 10, 10000), 2)).toBe(-1037.03);
    expect(shown(pmt(0.08 / 12, 10, 10000, 0, 1), 2)).toBe(-1030.16);
    expect(shown(pmt(0.06 / 12, 18 * 12, 0, 50000), 2)).toBe(-129.08);
    near(pmt(0.08 / 12, 10, 10000), '-1037.032089359152175652094829324282713245');
    near(pmt(0.08 / 12, 10, 10000, 0, 1), '-1030.164327177965737402743207938029185343');
    near(pmt(0.06 / 12, 216, 0, 50000), '-129.0811608679909230510914952716006208624');
  });

  it('IPMT', () => {
    expect(shown(ipmt(0.1 / 12, 1, 3 * 12, 8000), 2)).toBe(-66.67);
    expect(shown(ipmt(0.1, 3, 3, 8000), 2)).toBe(-292.45);
    near(ipmt(0.1, 3, 3, 8000), '-292.4471299093655589123867069486404833837');
  });

  it('PPMT', () => {
    expect(shown(ppmt(0.1 / 12, 1, 2 * 12, 2000), 2)).toBe(-75.62);
    expect(shown(ppmt(0.08, 10, 10, 200000), 2)).toBe(-27598.05);
    near(ppmt(0.1 / 12, 1, 24, 2000), '-75.62318600836634023904237862757233920851');
    near(ppmt(0.08, 10, 10, 200000), '-27598.05346242137545863554539676517467999');
  });

  it('RATE', () => {
    const monthly = rate(4 * 12, -200, 8000);
    expect(shown(monthly, 2)).toBe(0.01);
    expect(shown(monthly.times(12), 4)).toBe(0.0924);
    near(monthly, '0.007701472488202043815969130104399992149132', 1e-25);
  });

  it('NPER', () => {
    expect(shown(nper(0.12 / 12, -100, -1000, 10000, 1), 7)).toBe(59.6738657);
    expect(shown(nper(0.12 / 12, -100, -1000, 10000), 7)).toBe(60.0821229);
    expect(shown(nper(0.12 / 12, -100, -1000), 8)).toBe(-9.57859404);
    near(nper(0.01, -100, -1000, 10000, 1), '59.67386567429462558750359043003701526987', 1e-25);
  });

  it('PV', () => {
    expect(shown(pv(0.08 / 12, 12 * 20, 500, 0, 0), 2)).toBe(-59777.15);
    near(pv(0.08 / 12, 240, 500), '-59777.14585118802181680803884396358266296');
  });

  it('FV', () => {
    expect(shown(fv(0.06 / 12, 10, -200, -500, 1), 2)).toBe(2581.4);
    expect(shown(fv(0.12 / 12, 12, -1000), 2)).toBe(12682.5);
    expect(shown(fv(0.11 / 12, 35, -2000, 0, 1), 2)).toBe(82846.25);
    near(fv(0.005, 10, -200, -500, 1), '2581.403374060179153725006835937500000002', 1e-25);
  });

  it('EFFECT and NOMINAL', () => {
    expect(shown(effect(0.0525, 4), 8)).toBe(0.05354267);
    expect(effect(0.0525, 4).toString()).toBe('0.053542667370758056640625');
    expect(shown(nominal(0.053543, 4), 8)).toBe(0.05250032);
    near(nominal(0.053543, 4), '0.05250031986835586430648697261336865528645', 1e-25);
  });
});

describe('edge cases', () => {
  it('zero rate: straight division', () => {
    expect(pmt(0, 12, 1200).toNumber()).toBe(-100);
    expect(pmt(0, 12, 1200, 0, 1).toNumber()).toBe(-100);
    expect(pmt(0, 10, 1000, -200).toNumber()).toBe(-80);
    expect(fv(0, 12, -100, -1000, 1).toNumber()).toBe(2200);
    expect(pv(0, 12, -100, 200).toNumber()).toBe(1000);
    expect(nper(0, -100, 1000).toNumber()).toBe(10);
    expect(ipmt(0, 3, 12, 1200).toNumber()).toBe(0);
    expect(ppmt(0, 3, 12, 1200).toNumber()).toBe(-100);
  });

  it('balloon fv, in arrears and in advance', () => {
    near(pmt(0.05 / 12, 60, 20000, -5000), '-303.901837993497326007855150867586778665');
    near(pmt(0.05 / 12, 60, 20000, -5000, 1), '-302.6408345163458848211005651793395306207');
    near(rate(60, -400, 20000, -5000), '0.0111520287448953747206983185519305231306', 1e-20);
    near(rate(36, -300, 10000, -2000, 1), '0.01272280755178370180685824974260572484792', 1e-20);
  });

  it('type 1: no interest in the first period, and the functions agree with each other', () => {
    expect(ipmt(0.01, 1, 12, 1000, 0, 1).toNumber()).toBe(0);
    const payment = pmt(0.01, 12, 1000, 0, 1);
    expect(ppmt(0.01, 1, 12, 1000, 0, 1).toNumber()).toBeCloseTo(payment.toNumber(), 12);
    for (const type of [0, 1]) {
      const p = pmt(0.01, 24, 5000, -1000, type);
      let principal = new Decimal(0);
      for (let per = 1; per <= 24; per++) principal = principal.plus(ppmt(0.01, per, 24, 5000, -1000, type));
      // the principal parts repay pv less the balloon (in advance, less its discounted value:
      // the last period's interest is paid with the balloon, as in Excel)
      const balloon = type === 1 ? new Decimal(-1000).div(1.01) : new Decimal(-1000);
      expect(principal.plus(balloon).plus(5000).abs().toNumber()).toBeLessThan(1e-25);
      expect(fv(0.01, 24, p, 5000, type).toNumber()).toBeCloseTo(-1000, 9);
      expect(pv(0.01, 24, p, -1000, type).toNumber()).toBeCloseTo(5000, 9);
      expect(nper(0.01, p, 5000, -1000, type).toNumber()).toBeCloseTo(24, 12);
      near(rate(24, p, 5000, -1000, type), '0.01', 1e-25);
    }
  });

  it('RATE finds a zero rate and a rate close to -100 %', () => {
    expect(rate(10, -100, 1000).abs().toNumber()).toBeLessThan(1e-19);
    // 100 now, 1e-10 back in two periods: (1 + r)² = 1e-12
    near(rate(2, 0, -100, 1e-10), '-0.999999', 1e-20);
  });

  it('converges from a poor guess', () => {
    near(rate(48, -200, 8000, 0, 0, 0.9), '0.007701472488202043815969130104399992149132', 1e-25);
    near(rate(48, -200, 8000, 0, 0, -0.5), '0.007701472488202043815969130104399992149132', 1e-25);
  });
});

describe('errors', () => {
  it('answers ARGUMENT_OUT_OF_RANGE for impossible arguments', () => {
    expect(code(() => pmt(0.01, 0, 1000))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => ipmt(0.01, 0, 12, 1000))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => ipmt(0.01, 13, 12, 1000))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => ppmt(0.01, 1, 0, 1000))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => rate(0, -100, 1000))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => rate(10, -100, 1000, 0, 0, -1))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => effect(0.05, 0.5))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => effect(-0.05, 4))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => nominal(0.05, 0))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => nominal(-0.01, 12))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => pmt(0.01, 12, 1000, 0, 2))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => pmt('abc', 12, 1000))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => pmt(Number.NaN, 12, 1000))).toBe('ARGUMENT_OUT_OF_RANGE');
  });

  it('answers NO_ACCEPTABLE_RESULT where no finite value exists', () => {
    expect(code(() => nper(0, 0, 1000))).toBe('NO_ACCEPTABLE_RESULT');
    // 5 a period does not even pay the interest on 1000 at 1 %
    expect(code(() => nper(0.01, -5, 1000))).toBe('NO_ACCEPTABLE_RESULT');
    expect(code(() => pmt(-1, 12, 1000, 0, 1))).toBe('NO_ACCEPTABLE_RESULT');
    expect(code(() => pmt(-2, 0.5, 1000))).toBe('NO_ACCEPTABLE_RESULT');
    // 1000 received and 100 received every period: no rate balances that
    expect(code(() => rate(12, 100, 1000))).toBe('NO_ACCEPTABLE_RESULT');
  });

  it('names the argument in the message', () => {
    expect(() => ipmt(0.01, 13, 12, 1000)).toThrow(
      expect.objectContaining({
        reference: '400|ARGUMENT_OUT_OF_RANGE|Argument per is out of range: must be between 1 and nper (12)',
      }),
    );
  });
});
