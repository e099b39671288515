import { describe, expect, it } from 'vitest';
import { scriptsLink, visibleScripts } from './scripts-view.ts';
import type { ScriptRecord } from './script-api.ts';

const scripts: ScriptRecord[] = [
  { name: 'person-layout', scriptType: 'LAYOUT', entityName: 'Person', _updateUser: 'anna' },
  { name: 'contract-layout', scriptType: 'LAYOUT', entityName: 'Contract', _updateUser: 'bob' },
  { name: 'hello-world', scriptType: 'RUN', description: 'Greets who asks', _updateUser: 'anna' },
];
const names = (list: ScriptRecord[]) => list.map((s) => s.name);

describe('the scripts list of /scripts', () => {
  it('narrows by words of the name, description, type or entity', () => {
    expect(names(visibleScripts(scripts, { filter: 'layout', all: false }))).toEqual([
      'person-layout',
      'contract-layout',
    ]);
    expect(names(visibleScripts(scripts, { filter: 'greets', all: false }))).toEqual(['hello-world']);
    expect(names(visibleScripts(scripts, { filter: 'layout contract', all: false }))).toEqual(['contract-layout']);
  });

  it('narrows to an entity and a user unless all=1, and keeps the open script', () => {
    expect(names(visibleScripts(scripts, { filter: '', all: false, entityName: 'Person' }))).toEqual([
      'person-layout',
      'hello-world',
    ]);
    expect(names(visibleScripts(scripts, { filter: '', all: false, username: 'bob' }))).toEqual(['contract-layout']);
    expect(names(visibleScripts(scripts, { filter: '', all: true, username: 'bob' }))).toHaveLength(3);
    expect(names(visibleScripts(scripts, { filter: 'nothing', all: false, name: 'hello-world' }))).toEqual([
      'hello-world',
    ]);
  });

  it('links a script with all=1 (what a middle click opens)', () => {
    expect(scriptsLink({ name: 'person-layout', all: true })).toBe('/scripts?name=person-layout&all=1');
    expect(scriptsLink({})).toBe('/scripts');
  });
});
