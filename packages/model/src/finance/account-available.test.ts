import { describe, expect, it } from 'vitest';
import { accountAvailable } from './amounts.ts';

/** A bank account's available (spec "Treasury"): balance + overdraft limit, exact, whatever the record was stored with. */
describe("a bank account's available", () => {
  it('is its balance plus its overdraft limit, to the cent', () => {
    expect(accountAvailable({ currency: 'EUR', balance: 12500.1, overdraftLimit: 5000.2 })).toBe(17500.3);
    expect(accountAvailable({ currency: 'EUR', balance: 0.1, overdraftLimit: 0.2 })).toBe(0.3);
  });

  it('counts an unset limit as none, and goes below zero only past the limit', () => {
    expect(accountAvailable({ currency: 'EUR', balance: 840.5 })).toBe(840.5);
    expect(accountAvailable({ balance: 840.5, overdraftLimit: null })).toBe(840.5);
    expect(accountAvailable({ currency: 'EUR', balance: -300, overdraftLimit: 1000 })).toBe(700);
    expect(accountAvailable({ currency: 'EUR', balance: -1200.75, overdraftLimit: 1000 })).toBe(-200.75);
    expect(accountAvailable({})).toBe(0);
  });

  it('keeps its currency’s decimals', () => {
    expect(accountAvailable({ currency: 'JPY', balance: 1000, overdraftLimit: 250 })).toBe(1250);
    expect(accountAvailable({ currency: 'KWD', balance: 1.001, overdraftLimit: 0.002 })).toBe(1.003);
  });
});
