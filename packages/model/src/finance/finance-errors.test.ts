import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../errors.ts';
import { FinanceError, financeErrorCatalogue, financeFail, type FinanceErrorCode } from './finance-errors.ts';

describe('finance errors', () => {
  it('are distinct 400 codes, none shadowing the server catalogue', () => {
    const codes = Object.keys(financeErrorCatalogue);
    expect(codes).toEqual([
      'INVALID_CASHFLOWS',
      'INVALID_DATES',
      'ARGUMENT_OUT_OF_RANGE',
      'SAME_DAY_TRANSACTIONS',
      'ALL_POSITIVE_CASHFLOWS',
      'ALL_NEGATIVE_CASHFLOWS',
      'NEWTON_NOT_CONVERGED',
      'NO_ACCEPTABLE_RESULT',
      'DATE_NOT_FOUND',
      'INVALID_TABLE',
      'TABLE_VALUE_NOT_FOUND',
    ]);
    for (const code of codes) {
      expect(code in errorCatalogue).toBe(false);
      expect(financeErrorCatalogue[code as FinanceErrorCode][0]).toBe(400);
    }
  });

  it('carry status, code, message and the catalogue reference', () => {
    const error = new FinanceError('ARGUMENT_OUT_OF_RANGE', ['npery', 'must be at least 1']);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.code).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(error.message).toBe('Argument npery is out of range: must be at least 1');
    expect(error.reference).toBe('400|ARGUMENT_OUT_OF_RANGE|Argument npery is out of range: must be at least 1');
    expect(new FinanceError('ALL_POSITIVE_CASHFLOWS').reference).toBe(
      '400|ALL_POSITIVE_CASHFLOWS|All cashflows are positive, at least one must be negative',
    );
    expect(() => financeFail('INVALID_DATES', 'x')).toThrow('Invalid dates: x');
  });
});
