import { describe, expect, it } from 'vitest';
import {
  kindLabelOf,
  nextTemporary,
  queueEntry,
  queueKeyOf,
  registrationOf,
  replaceInPath,
  replaceTemporary,
  SYNC_ERROR_HISTORY,
  withSyncErrors,
  type QueueEntry,
} from './queue.ts';

const entry = (method: string, url: string, data?: unknown) =>
  queueEntry({ method, url, data, username: 'agent', idempotencyKey: `key-${url}` });

describe('the offline queue', () => {
  it('maps the queue keys to their routes (spec 002 §7), and leaves other kinds out', () => {
    expect(queueKeyOf('/api/financing/contracts')).toBe('contracts');
    expect(queueKeyOf('/api/financing/contracts/CT000001?include=assets')).toBe('contracts');
    expect(queueKeyOf('/api/asset/assets/AS000002')).toBe('assets');
    expect(queueKeyOf('/api/person/persons')).toBe('persons');
    expect(queueKeyOf('/api/core/tasks/TA000003')).toBe('tasks');
    expect(queueKeyOf('/api/billing/invoices/IN000001')).toBeUndefined();
    expect(queueKeyOf('/api/financing/contracts-archive')).toBeUndefined();
    expect(registrationOf('/api/person/persons/PE%2F1/documents')).toBe('PE/1');
    expect(registrationOf('/api/person/persons')).toBeUndefined();
  });

  it('holds the spec fields of an entry (method, url, data, key, username, trials, error)', () => {
    const made = entry('patch', '/api/financing/contracts/CT000001', { name: 'New' });
    expect(made).toMatchObject({
      method: 'PATCH',
      url: '/api/financing/contracts/CT000001',
      data: { name: 'New' },
      key: 'contracts',
      username: 'agent',
      trials: 0,
      registration: 'CT000001',
    });
    expect(made.error).toBeUndefined();
  });

  it('throws on a write with an unknown method (spec 002 §8), and on a path that is not queued', () => {
    expect(() => entry('GET', '/api/financing/contracts/CT000001')).toThrow(/unknown method: GET/);
    expect(() => entry('PURGE', '/api/financing/contracts/CT000001')).toThrow(/unknown method: PURGE/);
    expect(() => entry('POST', '/api/billing/invoices')).toThrow(/not queued/);
  });

  it('numbers records created offline TMP plus 8 digits, wrapping after 99999999', () => {
    expect(nextTemporary(0)).toEqual({ registration: 'TMP00000001', counter: 1 });
    expect(nextTemporary(41).registration).toBe('TMP00000042');
    expect(nextTemporary(99_999_999).registration).toBe('TMP00000000');
  });

  it('replaces a temporary registration in the later entries (paths, references, bases) and nowhere else', () => {
    const later: QueueEntry[] = [
      entry('PATCH', '/api/person/persons/TMP00000007', { name: 'Ana' }),
      entry('PATCH', '/api/financing/contracts/CT000001', {
        persons: [{ personRegistration: 'TMP00000007', role: 'CLIENT' }, { personRegistration: 'TMP000000071' }],
        note: 'about TMP00000007',
      }),
      entry('POST', '/api/asset/assets', { ownerRegistration: 'TMP00000007' }),
    ];
    const replaced = replaceTemporary(later, 'TMP00000007', 'PE000042');
    expect(replaced.map((e) => e.url)).toEqual([
      '/api/person/persons/PE000042',
      '/api/financing/contracts/CT000001',
      '/api/asset/assets',
    ]);
    expect(replaced[0].registration).toBe('PE000042');
    expect(replaced[1].data).toEqual({
      persons: [{ personRegistration: 'PE000042', role: 'CLIENT' }, { personRegistration: 'TMP000000071' }],
      note: 'about TMP00000007',
    });
    expect(replaced[2].data).toEqual({ ownerRegistration: 'PE000042' });
    // Order kept: the replay sends them as they were made.
    expect(replaced.map((e) => e.key)).toEqual(['persons', 'contracts', 'assets']);
  });

  it('replaces the temporary registration in an address, segment by segment', () => {
    expect(replaceInPath('/person/TMP00000007', 'TMP00000007', 'PE000042')).toBe('/person/PE000042');
    expect(replaceInPath('/imp/acme/person/TMP00000007/documents', 'TMP00000007', 'PE1')).toBe(
      '/imp/acme/person/PE1/documents',
    );
    expect(replaceInPath('/person/TMP000000070', 'TMP00000007', 'PE1')).toBe('/person/TMP000000070');
  });

  it('names the kind of a failed item, ??? for an unknown one, and keeps about 6 lists of sync errors', () => {
    expect(['contracts', 'assets', 'persons', 'tasks', 'invoices'].map(kindLabelOf)).toEqual([
      'Contract',
      'Asset',
      'Person',
      'Task',
      '???',
    ]);
    let history: ReturnType<typeof withSyncErrors> = [];
    for (let i = 0; i < 9; i++) history = withSyncErrors(history, [{ kind: 'Contract', error: `e${i}` }], `t${i}`);
    expect(history).toHaveLength(SYNC_ERROR_HISTORY);
    expect(history[0].at).toBe('t8');
  });
});
