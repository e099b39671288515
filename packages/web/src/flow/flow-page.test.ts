import { describe, expect, it } from 'vitest';
import { fieldLabel, fillableFields, filledValues, flowInputOf, flowPagePath } from './flow-page.ts';

describe('flow page', () => {
  it('gives each field type its input, plain fields only', () => {
    expect(flowInputOf({ type: 'integer' })).toBe('number');
    expect(flowInputOf({ type: 'date' })).toBe('date');
    expect(flowInputOf({ type: 'boolean' })).toBe('boolean');
    expect(flowInputOf({ type: 'textarea' })).toBe('longText');
    expect(flowInputOf({ type: 'email' })).toBe('text');
    const fields = fillableFields({
      company: { type: 'text' },
      items: { type: 'list' },
      address: { type: 'object' },
      done: { type: 'boolean' },
    });
    expect(fields.map(([name]) => name)).toEqual(['company', 'done']);
  });

  it('labels fields from their names, keeps only what was typed, escapes the path', () => {
    expect(fieldLabel('turnoverAmount', { type: 'number' })).toBe('Turnover amount');
    expect(fieldLabel('x', { type: 'text', label: 'Company' })).toBe('Company');
    expect(filledValues({ a: '', b: 0, c: undefined, d: false, e: null, f: 'x' })).toEqual({ b: 0, d: false, f: 'x' });
    expect(flowPagePath('demo.a/b', 'form')).toBe('/api/flow/demo.a%2Fb/pages/form');
  });
});
