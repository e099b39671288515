import { describe, expect, it } from 'vitest';
import { evaluate, ExpressionError, namesOf, parseExpression } from './expression.ts';

const value = (text: string, amounts: Record<string, number> = {}) =>
  evaluate(parseExpression(text), amounts).toString();

describe('amount expressions', () => {
  it('compute in decimals with precedence, parentheses and functions', () => {
    expect(value('amountInclTax - amountExclTax', { amountInclTax: 120.1, amountExclTax: 100.08 })).toBe('20.02');
    expect(value('0.1 + 0.2')).toBe('0.3');
    expect(value('2 + 3 * 4')).toBe('14');
    expect(value('(2 + 3) * 4')).toBe('20');
    expect(value('-a + max(0, b - 10) + min(1, 2) + abs(-3)', { a: 1, b: 15 })).toBe('8');
    expect(value('round(10 / 3, 2)')).toBe('3.33');
    expect(value('round(2.5)')).toBe('3');
    expect(namesOf(parseExpression('a * (b - round(c, 2))'))).toEqual(['a', 'b', 'c']);
  });
  it('refuse what is not arithmetic over names', () => {
    for (const bad of ['', 'a +', 'process.exit()', 'a; b', 'eval(1)', '(a', 'a b', '1 +* 2', 'round(1, 2, 3)']) {
      expect(() => parseExpression(bad), bad).toThrow(ExpressionError);
    }
    expect(() => value('a / b', { a: 1, b: 0 })).toThrow('division by zero');
    // A divisor known when the rule is read is refused then.
    for (const bad of ['a / 0', 'a / (2 - 2)', 'a / round(0.001, 2)', 'a / -0'])
      expect(() => parseExpression(bad), bad).toThrow('division by zero');
    expect(value('a / (1 - 0.5)', { a: 1 })).toBe('2');
    expect(() => value('unknown')).toThrow('no amount named unknown');
  });
});
