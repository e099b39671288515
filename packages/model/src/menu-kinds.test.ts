import { describe, expect, it } from 'vitest';
import { defineEntity, type Entity } from './entity.ts';
import { entities } from './entity-registry.ts';
import { text } from './fields.ts';

/** The fields every kind gets without declaring them (entity.ts): a form of only these is an empty shell. */
const defaultFields = new Set(['registration', 'name', 'status', 'type', 'organization']);

/** Its fields beyond the defaults, hidden ones included (a kind whose records carry data the server writes). */
const ownFields = (kind: Entity) => Object.keys(kind.fields).filter((name) => !defaultFields.has(name));

/** It has a screen of its own on the web (a web module's list or detail screen), which shows more than the form. */
const hasOwnScreen = (kind: Entity) => Boolean(kind.screens.list || kind.screens.detail);

/** Why a kind in the menu is an empty shell, or undefined when its list opens on something real. */
function shellReason(kind: Entity): string | undefined {
  if (!kind.menu || !('section' in kind.menu)) return undefined;
  if (ownFields(kind).length > 0 || hasOwnScreen(kind)) return undefined;
  return `${kind.name} (/${kind.listRoute}, menu ${kind.menu.section}): only ${[...defaultFields].join(', ')} and no screen of its own`;
}

describe("the menu's kinds", () => {
  it('are none of them an empty shell: each has fields of its own or a screen of its own', () => {
    const shells = entities.map(shellReason).filter((reason): reason is string => !!reason);
    expect(shells).toEqual([]);
  });

  it('tells a shell from a kind with fields, a kind with its own screen, and a kind kept out of the menu', () => {
    const shell = defineEntity({
      name: 'Shell',
      route: 'test/shells',
      status: false,
      menu: { section: 'Work', order: 1 },
    });
    expect(shellReason(shell)).toMatch(/^Shell \(\/shells, menu Work\)/);
    // Redeclaring a default field (`name`) does not make a form.
    const named = defineEntity({ ...shellInput, fields: { name: text({ mandatory: true }) } });
    expect(shellReason(named)).toBeDefined();
    expect(shellReason(defineEntity({ ...shellInput, fields: { code: text() } }))).toBeUndefined();
    expect(shellReason(defineEntity({ ...shellInput, screens: { list: 'shells' } }))).toBeUndefined();
    expect(shellReason(defineEntity({ ...shellInput, menu: { notListed: 'internal: written by the server' } }))).toBe(
      undefined,
    );
  });

  it('kept out of the menu each say why, in a sentence', () => {
    const silent = entities
      .filter((kind) => kind.menu && 'notListed' in kind.menu && kind.menu.notListed.trim().length < 20)
      .map((kind) => kind.name);
    expect(silent).toEqual([]);
    const unplaced = entities.filter((kind) => !kind.menu).map((kind) => kind.name);
    expect(unplaced).toEqual([]);
  });
});

const shellInput = {
  name: 'Shell',
  route: 'test/shells',
  status: false as const,
  menu: { section: 'Work' as const, order: 1 },
};
