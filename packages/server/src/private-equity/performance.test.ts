import { describe, expect, it } from 'vitest';
import { fundPerformance, holdingPerformance, sharesHeldOn, type OperationFact } from './performance.ts';

const op = (registration: string, type: string, date: string, amount: string, shares?: string): OperationFact => ({
  registration,
  type,
  date,
  amount,
  shares,
});

/** Invested 1,000,000 for 1,000 shares, valued 1,500,000 a year later, 400 shares sold for 800,000 after another year. */
const holding = [
  op('PEO3', 'PARTIAL_EXIT', '2022-01-01', '800000', '400'),
  op('PEO1', 'INVESTMENT', '2020-01-01', '1000000', '1000'),
  op('PEO2', 'VALUATION', '2021-01-01', '1500000'),
];

describe('a holding', () => {
  it('adds up its cost, proceeds and value: the valuation per share on the shares still held', () => {
    const p = holdingPerformance(holding);
    expect(p).toMatchObject({
      asOf: '2022-01-01',
      sharesHeld: 600,
      invested: 1000000,
      realised: 800000,
      unrealised: 900000,
      totalValue: 1700000,
      gain: 700000,
      multiple: 1.7,
      dpi: 0.8,
      valuation: { date: '2021-01-01', amount: 1500000, registration: 'PEO2' },
    });
    // 1,000,000 grew to 1,700,000 in 731 days (a leap year): (1.7)^(365/731) − 1, to 6 decimals.
    expect(p.irr).toBe(Number((1.7 ** (365 / 731) - 1).toFixed(6)));
    expect(p.irr).toBe(0.303367);
    expect(p.flows).toEqual([
      { date: '2020-01-01', amount: -1000000 },
      { date: '2022-01-01', amount: 800000 },
      { date: '2022-01-01', amount: 900000 },
    ]);
  });

  it('gives 10 % for 1,000 grown to 1,100 in 365 days, and a multiple of 1.1', () => {
    const p = holdingPerformance([
      op('A', 'INVESTMENT', '2023-01-01', '1000', '10'),
      op('B', 'VALUATION', '2024-01-01', '1100'),
    ]);
    expect(p.irr).toBe(0.1);
    expect(p.multiple).toBe(1.1);
  });

  it('keeps cents exact and rounds a value per share to the cent', () => {
    const p = holdingPerformance([
      op('A', 'INVESTMENT', '2023-01-01', '0.1', '3'),
      op('B', 'FOLLOW_ON', '2023-02-01', '0.2', '0'),
      op('C', 'VALUATION', '2023-03-01', '100.00'),
      op('D', 'PARTIAL_EXIT', '2023-04-01', '10.01', '1'),
    ]);
    expect(p.invested).toBe(0.3);
    expect(p.unrealised).toBe(66.67);
    expect(p.totalValue).toBe(76.68);
    expect(p.multiple).toBe(255.6);
  });

  it('carries the shares held at cost without a valuation, counts dividends as proceeds, nothing after a full exit', () => {
    const atCost = holdingPerformance([
      op('A', 'INVESTMENT', '2023-01-01', '900', '9'),
      op('B', 'PARTIAL_EXIT', '2023-06-01', '400', '3'),
      op('C', 'DIVIDEND', '2023-07-01', '50'),
    ]);
    expect(atCost).toMatchObject({ sharesHeld: 6, unrealised: 600, realised: 450, multiple: 1.1667, valuation: null });
    const exited = holdingPerformance([
      op('A', 'INVESTMENT', '2023-01-01', '900', '9'),
      op('B', 'VALUATION', '2023-06-01', '5000'),
      op('C', 'FULL_EXIT', '2024-01-01', '1800'),
    ]);
    expect(exited).toMatchObject({ sharesHeld: 0, unrealised: 0, realised: 1800, multiple: 2 });
    expect(exited.irr).toBe(1);
  });

  it('answers on an earlier date without the later operations', () => {
    const p = holdingPerformance(holding, { asOf: '2021-06-30' });
    expect(p).toMatchObject({ asOf: '2021-06-30', sharesHeld: 1000, realised: 0, unrealised: 1500000, multiple: 1.5 });
    expect(sharesHeldOn(holding, '2021-12-31').toNumber()).toBe(1000);
    expect(sharesHeldOn(holding, '2022-01-01').toNumber()).toBe(600);
  });

  it('has no IRR and no multiple when nothing was invested', () => {
    const p = holdingPerformance([op('A', 'VALUATION', '2023-01-01', '100')]);
    expect(p).toMatchObject({ invested: 0, multiple: null, dpi: null, irr: null });
    expect(holdingPerformance([])).toMatchObject({ asOf: null, invested: 0, irr: null });
  });
});

describe('a fund', () => {
  it('sums its holdings on one date and takes the IRR of all their flows', () => {
    const other = [op('X1', 'INVESTMENT', '2021-01-01', '500000', '50'), op('X2', 'VALUATION', '2021-06-01', '400000')];
    const f = fundPerformance([
      { registration: 'PEA1', name: 'One', operations: holding },
      { registration: 'PEA2', name: 'Two', operations: other },
    ]);
    expect(f).toMatchObject({
      asOf: '2022-01-01',
      invested: 1500000,
      realised: 800000,
      unrealised: 1300000,
      totalValue: 2100000,
      multiple: 1.4,
    });
    expect(f.holdings.map((h) => [h.registration, h.multiple])).toEqual([
      ['PEA1', 1.7],
      ['PEA2', 0.8],
    ]);
    // The rate r at which −1,000,000 (day 0) − 500,000 (day 366) + 2,100,000 (day 731) is worth 0.
    const npv = (r: number) => -1000000 - 500000 / (1 + r) ** (366 / 365) + 2100000 / (1 + r) ** (731 / 365);
    expect(Math.abs(npv(f.irr!))).toBeLessThan(5);
  });
});
