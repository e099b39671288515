import { describe, expect, it } from 'vitest';
import { versionedUpdate } from './record-update.ts';

describe('versionedUpdate', () => {
  it('sends the changed fields with the version that was edited', () => {
    const initial = { registration: 'CT000001', name: 'Lease', duration: 36, _version: 4, _updateDate: '2025-01-01' };
    expect(versionedUpdate(initial, { ...initial, name: 'Lease of vans', _version: 9 })).toEqual({
      name: 'Lease of vans',
      _version: 4,
    });
  });

  it('sends the version even when nothing changed', () => {
    expect(versionedUpdate({ name: 'x', _version: 1 }, { name: 'x' })).toEqual({ _version: 1 });
  });

  it('refuses to save a record read without its version', () => {
    expect(() => versionedUpdate({ name: 'x' }, { name: 'y' })).toThrow(/_version/);
    expect(() => versionedUpdate({ name: 'x', _version: '3' }, { name: 'y' })).toThrow(/_version/);
  });
});
