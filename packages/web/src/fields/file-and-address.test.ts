import { describe, expect, it } from 'vitest';
import { fileProblem } from './validation.ts';
import { formatAddress } from '../i18n/formats.ts';

describe('file checks (spec 000 §5)', () => {
  it('refuses files over the maximum size and extensions not accepted', () => {
    expect(fileProblem({ name: 'a.pdf', size: 6 * 1048576 }, { maxSize: 5 * 1048576 })).toEqual({
      key: 'File too large. Max size {size}',
      values: { size: '5MB' },
    });
    expect(fileProblem({ name: 'run.exe', size: 10 }, { accepted: ['pdf', 'png'] })).toEqual({
      key: 'Forbidden document extension "{ext}". Accepted formats: {list}',
      values: { ext: 'exe', list: 'pdf, png' },
    });
    expect(fileProblem({ name: 'scan.PNG', size: 10 }, { maxSize: 100, accepted: ['pdf', 'png'] })).toBeUndefined();
  });
});

describe('formatted address (spec 000 §3)', () => {
  it('joins the parts, then falls back to coordinates, then to the address line', () => {
    expect(formatAddress({ address1: '3 rue Pasteur', zipcode: '69003', city: 'Lyon' })).toBe(
      '3 rue Pasteur 69003 Lyon',
    );
    expect(formatAddress({ location: { coordinates: [4.8356789, 45.7640123] }, addressLine: 'x' })).toBe(
      '45.76401, 4.83568',
    );
    expect(formatAddress({ addressLine: '69003 Lyon' })).toBe('69003 Lyon');
    expect(formatAddress(undefined)).toBe('');
  });
});
