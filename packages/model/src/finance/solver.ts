import type { Decimal } from 'decimal.js';
import { Dec } from './decimal.ts';
import { financeFail } from './finance-errors.ts';

/** Spec 000 §9: financial solvers stop at 1e-19 or after 300 iterations; XIRR uses 20 Newton iterations. */
export const SOLVER_TOLERANCE = 1e-19;
export const SOLVER_MAX_ITERATIONS = 300;
export const XIRR_NEWTON_ITERATIONS = 20;

/**
 * The solvers work on t = ln(1 + r), so that a rate close to -100 % (t far below zero) is as
 * well resolved as any other: r = -1 + 1e-12 is t ≈ -27.6, where a floating-point r has lost
 * four of its digits. The search covers r from -1 + 1e-304 to about 1e13.
 */
export const T_MIN = -700;
export const T_MAX = 30;

/** Floating-point Newton stops when its step is within this many relative units of t… */
const NEWTON_RELATIVE_STEP = 4e-15;
/** …or when the steps stop shrinking below this size (the noise floor of the sums). */
const NEWTON_NOISE_FLOOR = 1e-9;
/** Decimal polishing steps after the floating-point root (each gains about 15 digits). */
const POLISH_STEPS = 10;

/**
 * A rate equation f(r) = 0, r > -1. `at` and `exact` must use the same scale of f (the polish
 * combines the decimal value of one with the floating-point slope of the other).
 */
export interface RateEquation {
  /** Function name for errors: 'RATE', 'IRR', 'XIRR', … */
  name: string;
  /** f and df/dt at t = ln(1 + r) in floating point; non-finite where the terms overflow. */
  at(t: number): readonly [number, number];
  /** f at t multiplied by any positive factor, finite for every t in [T_MIN, T_MAX]. */
  scaled(t: number): number;
  /** f at r with 34 digits, to polish the root to SOLVER_TOLERANCE. */
  exact?(r: Decimal): Decimal;
}

export interface SolveOptions {
  /** Newton iterations before the bracketing fallback (default 300; XIRR uses 20). */
  newtonIterations?: number;
  /** Iterations of the bracketing (Brent) fallback (default 300). */
  maxIterations?: number;
}

/**
 * Solves for the rate: Newton from the guess, then, if Newton leaves the domain, divides by a
 * zero slope or runs out of iterations, Brent's method on the sign change nearest to the guess.
 * The floating-point root is then polished in decimal arithmetic when `exact` is given.
 */
export function solveRate(eq: RateEquation, guess: number, options: SolveOptions = {}): Decimal {
  const t = solveT(eq, guess, options);
  return polish(eq, t);
}

/** The same solver without the decimal polish: a floating-point rate. */
export function solveRateNumber(eq: RateEquation, guess: number, options: SolveOptions = {}): number {
  return Math.expm1(solveT(eq, guess, options));
}

function solveT(eq: RateEquation, guess: number, options: SolveOptions): number {
  if (!(guess > -1) || !Number.isFinite(guess))
    financeFail('ARGUMENT_OUT_OF_RANGE', 'guess', 'must be greater than -1');
  const t0 = Math.min(Math.max(Math.log1p(guess), T_MIN), T_MAX);
  const newton = newtonT(eq, t0, options.newtonIterations ?? SOLVER_MAX_ITERATIONS);
  if (newton !== undefined) return newton;
  const bracket = findBracket(eq.scaled, t0);
  if (!bracket) return financeFail('NO_ACCEPTABLE_RESULT', eq.name);
  const maxIterations = options.maxIterations ?? SOLVER_MAX_ITERATIONS;
  const root = brent(eq.scaled, bracket, maxIterations);
  if (root === undefined) return financeFail('NEWTON_NOT_CONVERGED', eq.name, maxIterations);
  return root;
}

function newtonT(eq: RateEquation, t0: number, iterations: number): number | undefined {
  let t = t0;
  let previousStep = Infinity;
  for (let k = 0; k < iterations; k++) {
    const [f, df] = eq.at(t);
    if (f === 0) return t;
    if (!Number.isFinite(f) || !Number.isFinite(df) || df === 0) return undefined;
    const step = f / df;
    const next = t - step;
    if (!(next >= T_MIN && next <= T_MAX)) return undefined;
    const size = Math.abs(step);
    const scale = Math.max(1, Math.abs(next));
    if (size <= SOLVER_TOLERANCE || size <= NEWTON_RELATIVE_STEP * scale) return next;
    if (size <= NEWTON_NOISE_FLOOR * scale && size >= previousStep) return t;
    previousStep = size;
    t = next;
  }
  return undefined;
}

type Bracket = readonly [number, number, number, number];

/** Walks out from t0 both ways with doubling steps, answering the first sign change met. */
export function findBracket(g: (t: number) => number, t0: number): Bracket | undefined {
  const f0 = g(t0);
  if (f0 === 0) return [t0, t0, 0, 0];
  let up = t0,
    fUp = f0,
    down = t0,
    fDown = f0;
  for (let step = 0.01; up < T_MAX || down > T_MIN; step *= 2) {
    if (up < T_MAX) {
      const t = Math.min(t0 + step, T_MAX);
      const f = g(t);
      if (Number.isFinite(f)) {
        if (f === 0 || Math.sign(f) !== Math.sign(fUp)) return [up, t, fUp, f];
        up = t;
        fUp = f;
      } else up = T_MAX;
    }
    if (down > T_MIN) {
      const t = Math.max(t0 - step, T_MIN);
      const f = g(t);
      if (Number.isFinite(f)) {
        if (f === 0 || Math.sign(f) !== Math.sign(fDown)) return [t, down, f, fDown];
        down = t;
        fDown = f;
      } else down = T_MIN;
    }
  }
  return undefined;
}

/** Brent's method (inverse quadratic interpolation, secant and bisection) on a sign change. */
export function brent(g: (t: number) => number, bracket: Bracket, maxIterations: number): number | undefined {
  let [a, b, fa, fb] = bracket;
  if (fa === 0) return a;
  if (fb === 0) return b;
  let c = a,
    fc = fa,
    d = b - a,
    e = d;
  for (let k = 0; k < maxIterations; k++) {
    if (Math.sign(fb) === Math.sign(fc)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tolerance = 2 * Number.EPSILON * Math.abs(b) + 0.5 * SOLVER_TOLERANCE;
    const half = 0.5 * (c - b);
    if (Math.abs(half) <= tolerance || fb === 0) return b;
    if (Math.abs(e) >= tolerance && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number, q: number;
      if (a === c) {
        p = 2 * half * s;
        q = 1 - s;
      } else {
        const qa = fa / fc,
          r = fb / fc;
        p = s * (2 * half * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = Math.abs(p);
      if (2 * p < Math.min(3 * half * q - Math.abs(tolerance * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = half;
        e = d;
      }
    } else {
      d = half;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tolerance ? d : half > 0 ? tolerance : -tolerance;
    fb = g(b);
  }
  return undefined;
}

/**
 * Newton steps in decimal arithmetic from the floating-point root, with the floating-point slope
 * (a chord method: the slope only needs a few right digits for each step to gain about fifteen).
 * Stops when a step is below SOLVER_TOLERANCE; keeps the floating-point root if it cannot.
 */
function polish(eq: RateEquation, t: number): Decimal {
  // near -100 % a double r = e^t - 1 keeps few digits of 1 + r (none below 1e-16): start from t
  const start = t < -1 ? new Dec(t).exp().minus(1) : new Dec(Math.expm1(t));
  if (!eq.exact) return start;
  const u = Math.exp(t);
  const slope = eq.at(t)[1] / u;
  if (!Number.isFinite(slope) || slope === 0) return start;
  let r = start;
  for (let k = 0; k < POLISH_STEPS; k++) {
    const f = eq.exact(r);
    if (!f.isFinite()) return start;
    if (f.isZero()) return r;
    const step = f.div(slope);
    const next = r.minus(step);
    if (!next.gt(-1)) return start;
    r = next;
    if (step.abs().lte(SOLVER_TOLERANCE)) return r;
  }
  return start;
}
