import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.ts';
import { FinanceError } from './finance-errors.ts';
import {
  SOLVER_MAX_ITERATIONS,
  SOLVER_TOLERANCE,
  XIRR_NEWTON_ITERATIONS,
  brent,
  findBracket,
  solveRate,
  solveRateNumber,
  type RateEquation,
} from './solver.ts';

/** -100 now, 110 in a period: 10 %. */
const tenPercent: RateEquation = {
  name: 'TEST',
  at: (t) => [-100 + 110 * Math.exp(-t), -110 * Math.exp(-t)],
  scaled: (t) => (t < 0 ? -100 * Math.exp(t) + 110 : -100 + 110 * Math.exp(-t)),
  exact: (r) => new Dec(-100).plus(new Dec(110).div(r.plus(1))),
};

describe('solver', () => {
  it('keeps the limits of spec 000 §9', () => {
    expect([SOLVER_TOLERANCE, SOLVER_MAX_ITERATIONS, XIRR_NEWTON_ITERATIONS]).toEqual([1e-19, 300, 20]);
  });

  it('solves by Newton and polishes in decimals below the tolerance', () => {
    expect(solveRate(tenPercent, 0.5).minus('0.1').abs().toNumber()).toBeLessThan(SOLVER_TOLERANCE);
    expect(solveRateNumber(tenPercent, 0.5)).toBeCloseTo(0.1, 15);
  });

  it('falls back on Brent when Newton has no iterations left', () => {
    expect(solveRateNumber(tenPercent, 3, { newtonIterations: 0 })).toBeCloseTo(0.1, 15);
    expect(solveRate(tenPercent, -0.9, { newtonIterations: 0 }).minus('0.1').abs().toNumber()).toBeLessThan(
      SOLVER_TOLERANCE,
    );
  });

  it('answers NEWTON_NOT_CONVERGED when the iterations run out', () => {
    expect(() => solveRate(tenPercent, 3, { newtonIterations: 0, maxIterations: 2 })).toThrow(
      expect.objectContaining({
        code: 'NEWTON_NOT_CONVERGED',
        reference: '400|NEWTON_NOT_CONVERGED|Newton-Raphson did not converge for TEST after 2 iterations',
      }),
    );
  });

  it('answers NO_ACCEPTABLE_RESULT without a sign change', () => {
    const never: RateEquation = { name: 'NEVER', at: () => [1, 0], scaled: () => 1 };
    expect(() => solveRate(never, 0.1)).toThrow(FinanceError);
    expect(() => solveRate(never, 0.1)).toThrow(expect.objectContaining({ code: 'NO_ACCEPTABLE_RESULT' }));
  });

  it('brackets the sign change nearest to the guess', () => {
    // roots at t = -1 and t = 2
    const g = (t: number) => (t + 1) * (t - 2);
    const [a, b] = findBracket(g, 1.5)!;
    expect(a <= 2 && 2 <= b).toBe(true);
    const [c, d] = findBracket(g, -0.8)!;
    expect(c <= -1 && -1 <= d).toBe(true);
    expect(brent(g, findBracket(g, 1.5)!, 300)).toBeCloseTo(2, 14);
    expect(findBracket(() => 1, 0)).toBeUndefined();
  });
});
