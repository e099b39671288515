import { describe, expect, it } from 'vitest';
import { logTime, parseBody, parseQuery } from './test-run-input.ts';

describe('the test run input', () => {
  it('reads the query as JSON or as a query string', () => {
    expect(parseQuery('who=Anna&token=1')).toEqual({ value: { who: 'Anna', token: '1' } });
    expect(parseQuery('?who=Anna')).toEqual({ value: { who: 'Anna' } });
    expect(parseQuery('{"who":"Anna","n":2}')).toEqual({ value: { who: 'Anna', n: '2' } });
    expect(parseQuery('  ')).toEqual({ value: undefined });
    expect(parseQuery('{oops')).toEqual({ error: 'This is not JSON' });
    expect(parseQuery('{"a":1} ')).toEqual({ value: { a: '1' } });
  });

  it('reads the body as JSON', () => {
    expect(parseBody('[1, 2]')).toEqual({ value: [1, 2] });
    expect(parseBody('')).toEqual({ value: undefined });
    expect(parseBody('nope')).toEqual({ error: 'This is not JSON' });
  });

  it('shows log times as HH:mm:ss.SSS', () => {
    expect(logTime('2026-11-28T12:00:00.123Z')).toMatch(/^\d{2}:00:00\.123$/);
    expect(logTime('not a date')).toBe('not a date');
  });
});
