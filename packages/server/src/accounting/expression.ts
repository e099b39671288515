import type { Decimal } from 'decimal.js';
import { Dec } from '@lbo/model/finance/decimal';

/**
 * The amount expressions of posting rules: arithmetic over an event's named amounts, read by a
 * small parser (never `eval`, never the scripting engine): numbers, names, `+ - * /`,
 * parentheses and the functions `min`, `max`, `abs`, `round(x, decimals)`. Computed in decimals.
 *   amountInclTax - amountExclTax        max(0, outstanding - indemnity)        round(interest * 0.5, 2)
 */
export type Expression =
  | { kind: 'number'; value: Decimal }
  | { kind: 'name'; name: string }
  | { kind: 'negate'; operand: Expression }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: Expression; right: Expression }
  | { kind: 'call'; fn: FunctionName; args: Expression[] };

const functions = { min: [2, 2], max: [2, 2], abs: [1, 1], round: [1, 2] } as const;
type FunctionName = keyof typeof functions;

export class ExpressionError extends Error {}

type Token = { type: 'number' | 'name' | 'op'; text: string; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([-+*/(),]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) throw new ExpressionError(`unexpected "${text.slice(at).trim()[0]}" at ${at + 1}`);
    const [, number, name, op] = m;
    tokens.push(
      number !== undefined
        ? { type: 'number', text: number, at }
        : name !== undefined
          ? { type: 'name', text: name, at }
          : { type: 'op', text: op, at },
    );
    at = pattern.lastIndex;
  }
  return tokens;
}

/** Parses an expression; throws ExpressionError naming what is wrong. At most 500 characters. */
export function parseExpression(text: string): Expression {
  if (typeof text !== 'string' || !text.trim()) throw new ExpressionError('empty expression');
  if (text.length > 500) throw new ExpressionError('longer than 500 characters');
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const take = (op?: string) => {
    const token = tokens[i];
    if (!token || (op !== undefined && token.text !== op))
      throw new ExpressionError(
        token ? `expected "${op}" at ${token.at + 1}` : `expected ${op ? `"${op}"` : 'a value'} at the end`,
      );
    i++;
    return token;
  };
  const sum = (): Expression => {
    let left = product();
    while (peek()?.text === '+' || peek()?.text === '-') {
      const operator = take().text as '+' | '-';
      left = { kind: 'binary', operator, left, right: product() };
    }
    return left;
  };
  const product = (): Expression => {
    let left = unary();
    while (peek()?.text === '*' || peek()?.text === '/') {
      const operator = take().text as '*' | '/';
      const at = peek()?.at;
      const right = unary();
      // A divisor without names is known now: zero is refused here rather than at every posting.
      if (operator === '/' && !namesOf(right).length && evaluate(right, {}).isZero())
        throw new ExpressionError(`division by zero at ${(at ?? 0) + 1}`);
      left = { kind: 'binary', operator, left, right };
    }
    return left;
  };
  const unary = (): Expression => {
    if (peek()?.text === '-') {
      take();
      return { kind: 'negate', operand: unary() };
    }
    if (peek()?.text === '+') {
      take();
      return unary();
    }
    return primary();
  };
  const primary = (): Expression => {
    const token = take();
    if (token.type === 'number') return { kind: 'number', value: new Dec(token.text) };
    if (token.type === 'name') {
      if (peek()?.text !== '(') return { kind: 'name', name: token.text };
      if (!Object.hasOwn(functions, token.text)) throw new ExpressionError(`unknown function ${token.text}`);
      const fn = token.text as FunctionName;
      take('(');
      const args = [sum()];
      while (peek()?.text === ',') {
        take();
        args.push(sum());
      }
      take(')');
      const [least, most] = functions[fn];
      if (args.length < least || args.length > most)
        throw new ExpressionError(`${fn} takes ${least === most ? least : `${least} or ${most}`} arguments`);
      return { kind: 'call', fn, args };
    }
    if (token.text === '(') {
      const inner = sum();
      take(')');
      return inner;
    }
    throw new ExpressionError(`unexpected "${token.text}" at ${token.at + 1}`);
  };
  const expression = sum();
  if (i < tokens.length) throw new ExpressionError(`unexpected "${tokens[i].text}" at ${tokens[i].at + 1}`);
  return expression;
}

/** The names an expression reads. */
export function namesOf(expression: Expression): string[] {
  switch (expression.kind) {
    case 'number':
      return [];
    case 'name':
      return [expression.name];
    case 'negate':
      return namesOf(expression.operand);
    case 'binary':
      return [...namesOf(expression.left), ...namesOf(expression.right)];
    case 'call':
      return expression.args.flatMap(namesOf);
  }
}

/** Evaluates over named amounts; a name without an amount or a division by zero throws ExpressionError. */
export function evaluate(expression: Expression, amounts: Record<string, Decimal.Value>): Decimal {
  switch (expression.kind) {
    case 'number':
      return expression.value;
    case 'name': {
      const value = amounts[expression.name];
      if (value === undefined || value === null) throw new ExpressionError(`no amount named ${expression.name}`);
      return new Dec(value);
    }
    case 'negate':
      return evaluate(expression.operand, amounts).negated();
    case 'binary': {
      const left = evaluate(expression.left, amounts),
        right = evaluate(expression.right, amounts);
      if (expression.operator === '+') return left.plus(right);
      if (expression.operator === '-') return left.minus(right);
      if (expression.operator === '*') return left.times(right);
      if (right.isZero()) throw new ExpressionError('division by zero');
      return left.dividedBy(right);
    }
    case 'call': {
      const args = expression.args.map((a) => evaluate(a, amounts));
      if (expression.fn === 'min') return Dec.min(args[0], args[1]);
      if (expression.fn === 'max') return Dec.max(args[0], args[1]);
      if (expression.fn === 'abs') return args[0].abs();
      const decimals = args[1] ? args[1].toNumber() : 0;
      if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10)
        throw new ExpressionError('round takes 0 to 10 decimals');
      return args[0].toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
    }
  }
}
