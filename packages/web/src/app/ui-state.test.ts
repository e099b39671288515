import { describe, expect, it } from 'vitest';
import { getAtPath, setAtPath } from './ui-state.ts';

describe('interface state paths', () => {
  it('reads and writes by path without touching siblings', () => {
    const tree = setAtPath({ theme: { colorScheme: 'dark' } }, 'tables./contracts.pageSize', 50);
    expect(getAtPath(tree, 'tables./contracts.pageSize')).toBe(50);
    expect(getAtPath(tree, 'theme.colorScheme')).toBe('dark');
    const next = setAtPath(tree, ['tables', '/contracts', 'columns'], ['name']);
    expect(getAtPath(next, 'tables./contracts')).toEqual({ pageSize: 50, columns: ['name'] });
    expect(getAtPath(tree, 'tables./contracts.columns')).toBeUndefined();
  });

  it('removes a value written as undefined and reads through non-objects as undefined', () => {
    const tree = setAtPath({ a: { b: 1, c: 2 } }, 'a.b', undefined);
    expect(tree).toEqual({ a: { c: 2 } });
    expect(getAtPath(tree, 'a.c.d')).toBeUndefined();
  });
});
