import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { calculatorRoutes } from './calculator.routes.ts';
import { installSchemas } from '../http/schemas.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  // the app's error handler answers any error with a numeric status and a string code; a minimal stand-in
  app.setErrorHandler((error: Error & { status?: number; code?: string }, _request, reply) =>
    reply
      .status(error.status ?? 500)
      .send({ code: error.code, message: error.message, error: `${error.status}|${error.code}|${error.message}` }),
  );
  // The app's zod validation, which refuses what the routes' schemas do not accept.
  await installSchemas(app);
  await app.register(calculatorRoutes);
  await app.ready();
});
afterAll(() => app.close());

const get = async (path: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/financing/calculator/${path}` });
  return { status: response.statusCode, body: response.json() };
};

const result = async (path: string) => {
  const { status, body } = await get(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result as number;
};

describe('GET /api/financing/calculator/{fn}', () => {
  it("answers Excel's documented examples with Excel's argument names", async () => {
    expect(await result('pmt?rate=0.0066666666666666667&nper=10&pv=10000')).toBeCloseTo(-1037.03209, 5);
    expect(await result('pmt?rate=0.0066666666666666667&nper=10&pv=10000&fv=0&type=1')).toBeCloseTo(-1030.16433, 5);
    expect(await result('ipmt?rate=0.1&per=3&nper=3&pv=8000')).toBeCloseTo(-292.44713, 5);
    expect(await result('ppmt?rate=0.08&per=10&nper=10&pv=200000')).toBeCloseTo(-27598.05346, 5);
    expect(await result('rate?nper=48&pmt=-200&pv=8000')).toBeCloseTo(0.0077014725, 10);
    expect(await result('rate?nper=48&pmt=-200&pv=8000&guess=0.5')).toBeCloseTo(0.0077014725, 10);
    expect(await result('nper?rate=0.01&pmt=-100&pv=-1000&fv=10000&type=1')).toBeCloseTo(59.6738657, 7);
    expect(await result('pv?rate=0.0066666666666666667&nper=240&pmt=500&type=0')).toBeCloseTo(-59777.14585, 5);
    expect(await result('fv?rate=0.005&nper=10&pmt=-200&pv=-500&type=1')).toBeCloseTo(2581.40337, 5);
    expect(await result('irr?cashflows=-70000;12000;15000;18000;21000;26000')).toBeCloseTo(0.086630948, 10);
    expect(await result('irr?cashflows=-70000;12000;15000&guess=-0.1')).toBeCloseTo(-0.4435069413, 10);
    expect(
      await result(
        'xirr?cashflows=-10000;2750;4250;3250;2750&dates=2008-01-01;2008-03-01;2008-10-30;2009-02-15;2009-04-01',
      ),
    ).toBeCloseTo(0.3733625335, 10);
    expect(await result('effect?rate=0.0525&npery=4')).toBeCloseTo(0.0535426674, 10);
    expect(await result('nominal?rate=0.053543&npery=4')).toBeCloseTo(0.0525003199, 10);
  });

  it('answers 400 naming a missing or non-numeric parameter', async () => {
    expect(await get('pmt?rate=0.01&nper=12')).toMatchObject({
      status: 400,
      body: { code: 'MISSING_FIELD_IN_QUERY', message: 'Missing field pv in query' },
    });
    expect(await get('pmt?rate=abc&nper=12&pv=1000')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_NUMBER_FIELD', message: 'Field rate must be a number' },
    });
    expect(await get('pmt?rate=0.01&nper=12&pv=1000&fv=NaN')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_NUMBER_FIELD' },
    });
    expect(await get('pmt?rate=0.01&rate=0.02&nper=12&pv=1000')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_FIELD_IN_QUERY' },
    });
  });

  it('answers the finance errors as 400|CODE|message', async () => {
    expect(await get('pmt?rate=0.01&nper=0&pv=1000')).toMatchObject({
      status: 400,
      body: { error: '400|ARGUMENT_OUT_OF_RANGE|Argument nper is out of range: must not be 0' },
    });
    expect((await get('ipmt?rate=0.01&per=13&nper=12&pv=1000')).body.code).toBe('ARGUMENT_OUT_OF_RANGE');
    expect((await get('effect?rate=0.05&npery=0')).body.code).toBe('ARGUMENT_OUT_OF_RANGE');
    expect((await get('nominal?rate=-0.05&npery=4')).body.code).toBe('ARGUMENT_OUT_OF_RANGE');
    expect((await get('irr')).body.code).toBe('INVALID_CASHFLOWS');
    expect((await get('irr?cashflows=-100;x;50')).body.code).toBe('INVALID_CASHFLOWS');
    expect((await get('irr?cashflows=100;50')).body.code).toBe('ALL_POSITIVE_CASHFLOWS');
    expect((await get('irr?cashflows=-100;-50')).body.code).toBe('ALL_NEGATIVE_CASHFLOWS');
    expect((await get('irr?cashflows=-1000;2500;-1600')).body.code).toBe('NO_ACCEPTABLE_RESULT');
    expect((await get('xirr?cashflows=-100;110&dates=2020-01-01')).body.code).toBe('INVALID_DATES');
    expect((await get('xirr?cashflows=-100;110&dates=2020-01-01;2020-13-01')).body.code).toBe('INVALID_DATES');
    expect((await get('xirr?cashflows=-100;110&dates=2020-01-01;2020-01-01')).body).toMatchObject({
      code: 'SAME_DAY_TRANSACTIONS',
      error: '400|SAME_DAY_TRANSACTIONS|All transactions are on the same day',
    });
  });

  it('answers 404 ROUTE_NOT_FOUND for an unknown function', async () => {
    expect(await get('npv?rate=0.1')).toMatchObject({
      status: 404,
      body: { code: 'ROUTE_NOT_FOUND', message: 'Route GET /api/financing/calculator/npv not found' },
    });
    expect((await get('toString')).status).toBe(404);
  });
});

describe('GET /api/financing/calculator/payment-plan', () => {
  it('answers the schedule', async () => {
    const { status, body } = await get(
      'payment-plan?amount=30000&rate=0.06&duration=36&frequency=30&timing=advance&residualValuePercent=0.1&startDate=2024-01-15',
    );
    expect(status).toBe(200);
    expect(body.instalment).toBe(832.23);
    expect(body.lines).toHaveLength(36);
    expect(body.lines[35]).toMatchObject({
      number: 36,
      dueDate: '2026-12-15',
      instalmentExclTax: 832.31,
      closingBalance: 3000,
    });
    expect(body.totals).toMatchObject({ principal: 27000, interest: 2960.36 });
  });

  it('takes every schedule input from the query', async () => {
    const { status, body } = await get(
      'payment-plan?amount=100000&rate=0.05&duration=13&frequency=90&timing=advance&firstPaymentPercent=0.2&residualValuePercent=0.05' +
        '&deferral=1&deferralMode=capitalised&startDate=2024-03-31&taxRate=0.2&services=INSURANCE:45:0;MAINTENANCE:10&fees=500' +
        '&dayCount=30/360&holidays=2024-12-31&decimals=2',
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ instalment: 7530.23, firstPayment: 20000, residualValue: 5000, fees: 500 });
    expect(body.lines[0]).toMatchObject({ kind: 'deferral', dueDate: '2024-04-01', services: 55, tax: 2 });
    expect(body.lines[3].dueDate).toBe('2025-01-01');
    expect(body.apr).toBeGreaterThan(body.effectiveRate);
    const paymentDay = await get(
      'payment-plan?amount=12000&rate=0.06&duration=12&frequency=30&startDate=2024-01-10&paymentDay=5&businessDays=true&weekendDays=0;6',
    );
    expect(paymentDay.body.lines[0]).toMatchObject({ dueDate: '2024-02-05', days: 25, interest: 50 });
  });

  it('answers 400 naming the bad parameter', async () => {
    const base = 'payment-plan?amount=1000&rate=0.05&duration=12&frequency=30&startDate=2024-01-01';
    expect((await get('payment-plan?rate=0.05&duration=12&frequency=30')).body.message).toBe(
      'Missing field amount in query',
    );
    expect((await get('payment-plan?amount=1000&rate=0.05&frequency=30')).body.message).toBe(
      'Missing field duration in query',
    );
    expect((await get(`${base}&duration=24`)).body).toMatchObject({
      code: 'INVALID_FIELD_IN_QUERY',
      message: 'Invalid field duration in query: given more than once',
    });
    expect((await get('payment-plan?amount=1000&rate=0.05&duration=twelve&frequency=30')).body.code).toBe(
      'INVALID_INTEGER_FIELD',
    );
    expect((await get('payment-plan?amount=1000&rate=0.05&duration=1.5&frequency=30')).body).toMatchObject({
      code: 'INVALID_INTEGER_FIELD',
      message: 'Field duration must be an integer',
    });
    expect((await get('payment-plan?amount=1000&rate=0.05&duration=12&frequency=45')).body).toMatchObject({
      code: 'INVALID_FIELD_IN_QUERY',
      message: 'Invalid field frequency in query: must be one of 1, 7, 30, 90, 180, 360, 365',
    });
    expect((await get(`${base}&timing=later`)).body.code).toBe('INVALID_FIELD_IN_QUERY');
    expect(
      (await get('payment-plan?amount=1000&rate=0.05&duration=12&frequency=30&startDate=2024-02-30')).body,
    ).toMatchObject({ code: 'INVALID_DATE_FIELD', message: 'Field startDate must be a valid date' });
    expect((await get(`${base}&businessDays=maybe`)).body.code).toBe('INVALID_BOOLEAN_FIELD');
    expect((await get(`${base}&services=INSURANCE`)).body.code).toBe('INVALID_FIELD_IN_QUERY');
    expect((await get('payment-plan?amount=abc&rate=0.05&duration=12&frequency=30')).body.code).toBe(
      'INVALID_NUMBER_FIELD',
    );
    expect((await get('payment-plan?amount=1000&rate=-0.05&duration=12&frequency=30')).body).toMatchObject({
      code: 'ARGUMENT_OUT_OF_RANGE',
      message: 'Argument rate is out of range: must be from 0 to 10 (1000 %)',
    });
    expect((await get(`${base}&weekendDays=0;1;2;3;4;5;6`)).body.code).toBe('DATE_NOT_FOUND');
    expect((await get(`${base}&holidays=someday`)).body.code).toBe('INVALID_DATES');
  });
});
