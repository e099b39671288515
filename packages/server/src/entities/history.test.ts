import { describe, expect, it } from 'vitest';
import { changesBetween, timeOrderedUuid } from './history.ts';

describe('changesBetween', () => {
  const doc = {
    registration: 'INV000001',
    status: 'DRAFT',
    amount: 12.5,
    lines: [{ n: 1 }],
    note: null,
    gone: undefined,
    _version: 3,
    _insertDate: 'x',
  };

  it('records every present field of a created or deleted record, none of the audit ones', () => {
    expect(changesBetween(undefined, doc)).toEqual({
      registration: { from: null, to: 'INV000001' },
      status: { from: null, to: 'DRAFT' },
      amount: { from: null, to: 12.5 },
      lines: { from: null, to: [{ n: 1 }] },
      note: { from: null, to: null },
    });
    expect(changesBetween(doc, undefined)).toEqual({
      registration: { from: 'INV000001', to: null },
      status: { from: 'DRAFT', to: null },
      amount: { from: 12.5, to: null },
      lines: { from: [{ n: 1 }], to: null },
      note: { from: null, to: null },
    });
    expect(Object.keys(changesBetween(undefined, doc))).not.toContain('gone');
  });

  it('records only the fields whose value differs between two versions', () => {
    expect(changesBetween(doc, { ...doc, status: 'ISSUED', lines: [{ n: 1 }], _version: 4 })).toEqual({
      status: { from: 'DRAFT', to: 'ISSUED' },
    });
    expect(changesBetween(doc, { ...doc, note: undefined })).toEqual({ note: { from: null, to: null } });
  });
});

describe('timeOrderedUuid', () => {
  it('makes version 7 UUIDs, unique and in the order they were made, even many in one millisecond', () => {
    const before = Date.now();
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // The first 48 bits are the time of making, in milliseconds.
    expect(parseInt(ids[0].replace('-', '').slice(0, 12), 16)).toBeGreaterThanOrEqual(before);
  });
});
