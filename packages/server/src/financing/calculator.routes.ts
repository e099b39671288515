/**
 * Server-side finance routes (spec 000 §7): Excel's functions with Excel's argument names as
 * query parameters, answering `{"result": number}`, and the payment plan. Bad input answers 400
 * from the error catalogue, naming the parameter; finance errors come from the model.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Decimal } from 'decimal.js';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { refusedAs } from '@lbo/model/schema/request-values';
import { effect, fv, ipmt, nominal, nper, pmt, ppmt, pv, rate } from '@lbo/model/finance/calculators';
import { irr, xirr } from '@lbo/model/finance/cashflows';
import { paymentPlan, type PaymentPlanInput, type PlanService } from '@lbo/model/finance/payment-plan';
import { dayCounts, parseIsoDate, formatIsoDate } from '@lbo/model/finance/dates';
import { deferralModes, frequencies, timings, type Frequency } from '@lbo/model/finance/payment-plan-terms';
import type { Operations } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import { productTerms } from './product-terms.ts';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Reads the query string, throwing the catalogue's error that names the parameter. */
class QueryReader {
  constructor(private readonly query: Record<string, unknown>) {}

  text(name: string): string | undefined {
    const value = this.query[name];
    if (Array.isArray(value)) throw new ApiError('INVALID_FIELD_IN_QUERY', [name, 'given more than once']);
    if (value === undefined || value === '') return undefined;
    return String(value).trim();
  }

  /** An optional number, kept as its text so that the decimals see exactly what was sent. */
  number(name: string): string | undefined {
    const value = this.text(name);
    if (value !== undefined && !NUMBER.test(value)) throw new ApiError('INVALID_NUMBER_FIELD', [name]);
    return value;
  }

  required(name: string): string {
    const value = this.number(name);
    if (value === undefined) throw new ApiError('MISSING_FIELD_IN_QUERY', [name]);
    return value;
  }

  integer(name: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^[+-]?\d+$/.test(value)) throw new ApiError('INVALID_INTEGER_FIELD', [name]);
    return Number(value);
  }

  oneOf<T extends string | number>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    const found = allowed.find((a) => String(a) === value);
    if (found === undefined)
      throw new ApiError('INVALID_FIELD_IN_QUERY', [name, `must be one of ${allowed.join(', ')}`]);
    return found;
  }

  boolean(name: string): boolean | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new ApiError('INVALID_BOOLEAN_FIELD', [name]);
  }

  date(name: string): string | undefined {
    const value = this.text(name);
    if (value !== undefined && parseIsoDate(value) === undefined) throw new ApiError('INVALID_DATE_FIELD', [name]);
    return value;
  }

  /** A `;`-separated list; its items are checked by the model (INVALID_CASHFLOWS, INVALID_DATES). */
  list(name: string): string[] {
    const value = this.text(name);
    return value === undefined ? [] : value.split(';').map((item) => item.trim());
  }
}

/** Each calculator with its Excel arguments; optional ones take Excel's defaults in the model. */
const calculators: Record<string, (q: QueryReader) => Decimal> = {
  pmt: (q) => pmt(q.required('rate'), q.required('nper'), q.required('pv'), q.number('fv'), q.number('type')),
  ipmt: (q) =>
    ipmt(q.required('rate'), q.required('per'), q.required('nper'), q.required('pv'), q.number('fv'), q.number('type')),
  ppmt: (q) =>
    ppmt(q.required('rate'), q.required('per'), q.required('nper'), q.required('pv'), q.number('fv'), q.number('type')),
  rate: (q) =>
    rate(q.required('nper'), q.required('pmt'), q.required('pv'), q.number('fv'), q.number('type'), q.number('guess')),
  nper: (q) => nper(q.required('rate'), q.required('pmt'), q.required('pv'), q.number('fv'), q.number('type')),
  pv: (q) => pv(q.required('rate'), q.required('nper'), q.required('pmt'), q.number('fv'), q.number('type')),
  fv: (q) => fv(q.required('rate'), q.required('nper'), q.required('pmt'), q.number('pv'), q.number('type')),
  irr: (q) => irr(q.list('cashflows'), q.number('guess')),
  xirr: (q) => xirr(q.list('cashflows'), q.list('dates'), q.number('guess')),
  effect: (q) => effect(q.required('rate'), q.required('npery')),
  nominal: (q) => nominal(q.required('rate'), q.required('npery')),
};

/** Services as `CODE:amount` or `CODE:amount:taxRate`, separated by `;`. */
function services(q: QueryReader): PlanService[] {
  return q.list('services').map((item) => {
    const [code, amount, taxRate, ...rest] = item.split(':').map((part) => part.trim());
    if (!code || !amount || !NUMBER.test(amount) || (taxRate !== undefined && !NUMBER.test(taxRate)) || rest.length) {
      throw new ApiError('INVALID_FIELD_IN_QUERY', ['services', `${item} is not CODE:amount or CODE:amount:taxRate`]);
    }
    return { code, amount, ...(taxRate === undefined ? {} : { taxRate }) };
  });
}

/** The plan's inputs; the rate may come from a product or a table instead (see product-terms.ts). */
function paymentPlanInput(q: QueryReader, rateRequired: boolean): PaymentPlanInput {
  const holidays = q.list('holidays');
  const weekendDays = q.list('weekendDays').map((day) => {
    if (!/^[0-6]$/.test(day))
      throw new ApiError('INVALID_FIELD_IN_QUERY', ['weekendDays', 'days are 0 (Sunday) to 6 (Saturday)']);
    return Number(day);
  });
  const businessDays = q.boolean('businessDays') ?? (holidays.length > 0 || weekendDays.length > 0);
  const frequency = q.oneOf('frequency', frequencies.map(String));
  const duration = q.integer('duration');
  if (frequency === undefined) throw new ApiError('MISSING_FIELD_IN_QUERY', ['frequency']);
  if (duration === undefined) throw new ApiError('MISSING_FIELD_IN_QUERY', ['duration']);
  return {
    amount: q.required('amount'),
    rate: rateRequired && q.number('instalment') === undefined ? q.required('rate') : q.number('rate'),
    instalment: q.number('instalment'),
    duration,
    frequency: Number(frequency) as Frequency,
    timing: q.oneOf('timing', timings),
    firstPaymentAmount: q.number('firstPaymentAmount'),
    firstPaymentPercent: q.number('firstPaymentPercent'),
    residualValueAmount: q.number('residualValueAmount'),
    residualValuePercent: q.number('residualValuePercent'),
    deferral: q.integer('deferral'),
    deferralMode: q.oneOf('deferralMode', deferralModes),
    startDate: q.date('startDate') ?? formatIsoDate(Math.floor(Date.now() / 86_400_000)),
    paymentDay: q.integer('paymentDay'),
    dayCount: q.oneOf('dayCount', dayCounts),
    calendar: businessDays ? { holidays, ...(weekendDays.length ? { weekendDays } : {}) } : undefined,
    taxRate: q.number('taxRate'),
    services: services(q),
    fees: q.number('fees'),
    decimals: q.integer('decimals'),
  };
}

const BASE = '/api/financing/calculator';

/** A parameter given once, as text: the reader above checks what it holds, naming it. */
const parameter = z
  .string({ error: refusedAs('INVALID_FIELD_IN_QUERY', 'given more than once') })
  .max(100_000)
  .optional();
const queryOf = (names: readonly string[]) =>
  z.strictObject(Object.fromEntries(names.map((name) => [name, parameter])) as Record<string, typeof parameter>);
/** Excel's argument names, of every calculator. */
const calculatorQuery = queryOf([
  'rate',
  'per',
  'nper',
  'pmt',
  'pv',
  'fv',
  'type',
  'guess',
  'cashflows',
  'dates',
  'npery',
]);
const planQuery = queryOf([
  'amount',
  'rate',
  'instalment',
  'duration',
  'frequency',
  'timing',
  'firstPaymentAmount',
  'firstPaymentPercent',
  'residualValueAmount',
  'residualValuePercent',
  'deferral',
  'deferralMode',
  'startDate',
  'paymentDay',
  'dayCount',
  'businessDays',
  'holidays',
  'weekendDays',
  'taxRate',
  'services',
  'fees',
  'decimals',
  'product',
  'table',
]);
const tags = ['Calculator'];

export interface CalculatorRouteOptions {
  /** Reads products and product tables for `product=` and `table=`; without it they are refused. */
  operations?: Operations;
}

/** `product` and `table` (`;`-separated) name where the rate, a coefficient or costs come from. */
async function planWithProduct(q: QueryReader, request: FastifyRequest, operations: Operations | undefined) {
  const product = q.text('product');
  const tables = q.list('table').filter(Boolean);
  const input = paymentPlanInput(q, !product && tables.length === 0);
  if (!product && tables.length === 0) return paymentPlan(input);
  if (!operations || !request.caller)
    throw new ApiError('INVALID_FIELD_IN_QUERY', [product ? 'product' : 'table', 'not available here']);
  const terms = await productTerms(
    operations,
    request.caller,
    { product, tables },
    { amount: input.amount, duration: input.duration, frequency: input.frequency },
  );
  const fromTerms = terms.rate !== undefined || terms.instalment !== undefined;
  for (const given of ['rate', 'instalment'] as const) {
    if (fromTerms && input[given] !== undefined)
      throw new ApiError('INVALID_FIELD_IN_QUERY', [given, `comes from ${terms.rateSource}`]);
  }
  if (!fromTerms && input.rate === undefined && input.instalment === undefined)
    throw new ApiError('MISSING_FIELD_IN_QUERY', ['rate']);
  const plan = paymentPlan({
    ...input,
    rate: input.rate ?? terms.rate,
    instalment: terms.instalment ?? input.instalment,
    services: [...(input.services ?? []), ...terms.services],
  });
  return { ...plan, product: product ?? null, tables: terms.tables };
}

export async function calculatorRoutes(
  app: FastifyInstance,
  { operations }: CalculatorRouteOptions = {},
): Promise<void> {
  const api = typed(app);
  api.get(
    `${BASE}/payment-plan`,
    { schema: { tags, summary: 'A payment plan (rate from the query, a product or tables)', querystring: planQuery } },
    async (request) => planWithProduct(new QueryReader(request.query), request, operations),
  );

  api.get(
    `${BASE}/:fn`,
    {
      schema: {
        tags,
        summary: "One of Excel's finance functions (pmt, ipmt, ppmt, rate, nper, pv, fv, irr, xirr, effect, nominal)",
        params: z.strictObject({ fn: z.string().max(50) }),
        querystring: calculatorQuery,
      },
    },
    async (request) => {
      const calculator = Object.hasOwn(calculators, request.params.fn) ? calculators[request.params.fn] : undefined;
      if (!calculator) throw new ApiError('ROUTE_NOT_FOUND', ['GET', request.url.split('?')[0]]);
      return { result: calculator(new QueryReader(request.query)).toNumber() };
    },
  );
}
