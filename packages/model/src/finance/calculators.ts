/**
 * Excel's time-value-of-money functions, with Excel's argument names, defaults and sign
 * convention (money paid out is negative), in 34-digit decimal arithmetic.
 */
import type { Decimal } from 'decimal.js';
import { Dec, ONE, ZERO, dec, finite, paymentType, type Num } from './decimal.ts';
import { financeFail } from './finance-errors.ts';
import { solveRate, type RateEquation } from './solver.ts';

/** (1 + rate)^nper, failing when it has no real value (a negative base with a fractional power). */
function growth(rate: Decimal, nper: Decimal, fn: string): Decimal {
  return finite(rate.plus(1).pow(nper), fn);
}

function nonZeroNper(nper: Decimal): void {
  if (nper.isZero()) financeFail('ARGUMENT_OUT_OF_RANGE', 'nper', 'must not be 0');
}

/** PMT: the payment per period of an annuity with a constant rate. */
export function pmt(rate: Num, nper: Num, pv: Num, fv: Num = 0, type: Num = 0): Decimal {
  const r = dec(rate, 'rate'),
    n = dec(nper, 'nper'),
    p = dec(pv, 'pv'),
    f = dec(fv, 'fv', 0),
    t = paymentType(type);
  nonZeroNper(n);
  if (r.isZero()) return finite(p.plus(f).neg().div(n), 'PMT');
  const q = growth(r, n, 'PMT');
  return finite(
    r
      .times(p.times(q).plus(f))
      .neg()
      .div(r.times(t).plus(1).times(q.minus(1))),
    'PMT',
  );
}

/** FV: the future value of an investment with periodic constant payments. */
export function fv(rate: Num, nper: Num, pmt: Num, pv: Num = 0, type: Num = 0): Decimal {
  const r = dec(rate, 'rate'),
    n = dec(nper, 'nper'),
    a = dec(pmt, 'pmt'),
    p = dec(pv, 'pv', 0),
    t = paymentType(type);
  if (r.isZero()) return finite(p.plus(a.times(n)).neg(), 'FV');
  const q = growth(r, n, 'FV');
  return finite(
    p
      .times(q)
      .plus(a.times(r.times(t).plus(1)).times(q.minus(1)).div(r))
      .neg(),
    'FV',
  );
}

/** PV: the present value of a series of equal future payments. */
export function pv(rate: Num, nper: Num, pmt: Num, fv: Num = 0, type: Num = 0): Decimal {
  const r = dec(rate, 'rate'),
    n = dec(nper, 'nper'),
    a = dec(pmt, 'pmt'),
    f = dec(fv, 'fv', 0),
    t = paymentType(type);
  if (r.isZero()) return finite(f.plus(a.times(n)).neg(), 'PV');
  const q = growth(r, n, 'PV');
  return finite(
    f
      .plus(a.times(r.times(t).plus(1)).times(q.minus(1)).div(r))
      .neg()
      .div(q),
    'PV',
  );
}

/** NPER: the number of periods; negative when the payments run backwards in time, as in Excel. */
export function nper(rate: Num, pmt: Num, pv: Num, fv: Num = 0, type: Num = 0): Decimal {
  const r = dec(rate, 'rate'),
    a = dec(pmt, 'pmt'),
    p = dec(pv, 'pv'),
    f = dec(fv, 'fv', 0),
    t = paymentType(type);
  if (r.isZero()) {
    if (a.isZero()) financeFail('NO_ACCEPTABLE_RESULT', 'NPER');
    return finite(p.plus(f).neg().div(a), 'NPER');
  }
  if (r.lte(-1)) financeFail('ARGUMENT_OUT_OF_RANGE', 'rate', 'must be greater than -1');
  const k = a.times(r.times(t).plus(1));
  const ratio = k.minus(f.times(r)).div(k.plus(p.times(r)));
  if (!ratio.isFinite() || ratio.lte(0)) financeFail('NO_ACCEPTABLE_RESULT', 'NPER');
  return finite(ratio.ln().div(r.plus(1).ln()), 'NPER');
}

/**
 * IPMT: the interest part of payment `per`, by Excel's (and LibreOffice's) method: the interest
 * on the balance after per - 1 payments; nothing in the first period when paying in advance.
 */
export function ipmt(rate: Num, per: Num, nper: Num, pv: Num, fv: Num = 0, type: Num = 0): Decimal {
  return interestPart(rate, per, nper, pv, fv, type).interest;
}

/** PPMT: the principal part of payment `per` (payment minus interest). */
export function ppmt(rate: Num, per: Num, nper: Num, pv: Num, fv: Num = 0, type: Num = 0): Decimal {
  const { payment, interest } = interestPart(rate, per, nper, pv, fv, type);
  return finite(payment.minus(interest), 'PPMT');
}

function interestPart(rateArg: Num, perArg: Num, nperArg: Num, pvArg: Num, fvArg: Num, typeArg: Num) {
  const r = dec(rateArg, 'rate'),
    k = dec(perArg, 'per'),
    n = dec(nperArg, 'nper'),
    p = dec(pvArg, 'pv');
  const f = dec(fvArg, 'fv', 0),
    t = paymentType(typeArg);
  if (n.lte(0)) financeFail('ARGUMENT_OUT_OF_RANGE', 'nper', 'must be greater than 0');
  if (k.lt(1) || k.gt(n)) financeFail('ARGUMENT_OUT_OF_RANGE', 'per', `must be between 1 and nper (${n.toString()})`);
  const payment = pmt(r, n, p, f, t);
  let balance: Decimal;
  if (k.eq(1)) balance = t === 1 ? ZERO : p.neg();
  else if (t === 1) balance = fv(r, k.minus(2), payment, p, 1).minus(payment);
  else balance = fv(r, k.minus(1), payment, p, 0);
  return { payment, interest: finite(balance.times(r), 'IPMT') };
}

/**
 * RATE: the rate per period that makes pv, nper payments and fv balance out, solved by Newton
 * (300 iterations at most) with a bracketing fallback; finds rates Excel misses near -100 %.
 */
export function rate(nper: Num, pmt: Num, pv: Num, fv: Num = 0, type: Num = 0, guess: Num = 0.1): Decimal {
  const n = dec(nper, 'nper'),
    a = dec(pmt, 'pmt'),
    p = dec(pv, 'pv'),
    f = dec(fv, 'fv', 0),
    t = paymentType(type);
  const g = dec(guess, 'guess', 0.1);
  if (n.lte(0)) financeFail('ARGUMENT_OUT_OF_RANGE', 'nper', 'must be greater than 0');
  return finite(solveRate(rateEquation(n, a, p, f, t), g.toNumber()), 'RATE');
}

const Wide = Dec.clone({ precision: 64 });

/** f(r) = pv·(1+r)^n + pmt·(1 + r·type)·((1+r)^n - 1)/r + fv, with t = ln(1 + r). */
function rateEquation(nDec: Decimal, pmtDec: Decimal, pvDec: Decimal, fvDec: Decimal, type: 0 | 1): RateEquation {
  const n = nDec.toNumber(),
    a = pmtDec.toNumber(),
    p = pvDec.toNumber(),
    f = fvDec.toNumber();
  const s1 = (n * (n - 1)) / 2,
    s2 = (n * (n - 1) * (2 * n - 1)) / 6;
  /** The annuity factor ((1+r)^n - 1)/r, n at r = 0. */
  const annuity = (t: number, r: number) => (t === 0 ? n : Math.expm1(n * t) / r);
  /** Its derivative in t; near t = 0 by its Taylor series, where the closed form cancels out. */
  const annuitySlope = (t: number, r: number, u: number, e: number) =>
    Math.abs(t) < 1e-4 ? s1 + s2 * t : (n * e * r - (e - 1) * u) / (r * r);
  return {
    name: 'RATE',
    at(t) {
      const u = Math.exp(t),
        r = Math.expm1(t),
        e = Math.exp(n * t);
      const an = annuity(t, r),
        k = 1 + r * type;
      return [p * e + a * k * an + f, p * n * e + a * (type * u * an + k * annuitySlope(t, r, u, e))];
    },
    scaled(t) {
      const r = Math.expm1(t),
        k = 1 + r * type;
      if (t <= 0) return p * Math.exp(n * t) + a * k * annuity(t, r) + f;
      // divided by (1+r)^n, which would overflow for large rates
      return p + (a * k * -Math.expm1(-n * t)) / r + f * Math.exp(-n * t);
    },
    exact(rate) {
      if (rate.isZero()) return pvDec.plus(pmtDec.times(nDec)).plus(fvDec);
      // ((1+r)^n - 1)/r cancels digits when r is small: 64 digits keep it right to 1e-19 and beyond
      const r = new Wide(rate),
        q = r.plus(1).pow(nDec);
      return q
        .times(pvDec)
        .plus(q.minus(1).div(r).times(r.times(type).plus(1)).times(pmtDec))
        .plus(fvDec);
    },
  };
}

/** The number of compounding periods of EFFECT and NOMINAL: truncated, at least 1. */
function periodsPerYear(npery: Num): Decimal {
  const n = dec(npery, 'npery').trunc();
  if (n.lt(1)) financeFail('ARGUMENT_OUT_OF_RANGE', 'npery', 'must be at least 1');
  return n;
}

/** EFFECT: the effective annual rate of a nominal rate compounded npery times a year. */
export function effect(rate: Num, npery: Num): Decimal {
  const r = dec(rate, 'rate'),
    n = periodsPerYear(npery);
  if (r.lte(0)) financeFail('ARGUMENT_OUT_OF_RANGE', 'rate', 'must be greater than 0');
  return finite(r.div(n).plus(1).pow(n).minus(1), 'EFFECT');
}

/** NOMINAL: the nominal annual rate compounded npery times a year of an effective rate. */
export function nominal(rate: Num, npery: Num): Decimal {
  const r = dec(rate, 'rate'),
    n = periodsPerYear(npery);
  if (r.lte(0)) financeFail('ARGUMENT_OUT_OF_RANGE', 'rate', 'must be greater than 0');
  return finite(r.plus(1).pow(ONE.div(n)).minus(1).times(n), 'NOMINAL');
}
