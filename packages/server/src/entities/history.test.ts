import { describe, expect, it } from 'vitest';
import { changesBetween } from './history.ts';

describe('changesBetween', () => {
  const doc = { registration: 'INV000001', status: 'DRAFT', amount: 12.5, lines: [{ n: 1 }], note: null, gone: undefined, _version: 3, _insertDate: 'x' };

  it('records every present field of a created or deleted record, none of the audit ones', () => {
    expect(changesBetween(undefined, doc)).toEqual({
      registration: { from: null, to: 'INV000001' }, status: { from: null, to: 'DRAFT' }, amount: { from: null, to: 12.5 },
      lines: { from: null, to: [{ n: 1 }] }, note: { from: null, to: null },
    });
    expect(changesBetween(doc, undefined)).toEqual({
      registration: { from: 'INV000001', to: null }, status: { from: 'DRAFT', to: null }, amount: { from: 12.5, to: null },
      lines: { from: [{ n: 1 }], to: null }, note: { from: null, to: null },
    });
    expect(Object.keys(changesBetween(undefined, doc))).not.toContain('gone');
  });

  it('records only the fields whose value differs between two versions', () => {
    expect(changesBetween(doc, { ...doc, status: 'ISSUED', lines: [{ n: 1 }], _version: 4 })).toEqual({ status: { from: 'DRAFT', to: 'ISSUED' } });
    expect(changesBetween(doc, { ...doc, note: undefined })).toEqual({ note: { from: null, to: null } });
  });
});
