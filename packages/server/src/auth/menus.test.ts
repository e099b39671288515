import { describe, expect, it } from 'vitest';
import { entities } from '@lbo/model/entity-registry';
import { menuSections } from '@lbo/model/navigation';
import { composeModules } from '../modules/compose.ts';
import { productModules } from '../product.ts';
import { defaultMenus as menusOfTools, defaultMenusOf, type MenuItem } from './menus.ts';

/** The product's default menu: the kinds, the core's tool screens and the modules'. */
const defaultMenus = () => menusOfTools(composeModules(productModules(), entities).menus);

const paths = (menus: MenuItem[]): string[] => menus.flatMap((m) => (m.menus ? paths(m.menus) : [m.path]));

describe('the default menu', () => {
  it("reaches every kind's list screen, but for the kinds whose declaration says why not", () => {
    const listed = new Set(paths(defaultMenus()));
    const unreachable = entities.filter((e) => !listed.has(`/${e.listRoute}`));
    for (const kind of unreachable) {
      expect(
        kind.menu && 'notListed' in kind.menu && kind.menu.notListed.length > 20,
        `${kind.name} is not in the menu and says not why`,
      ).toBe(true);
    }
    // Internal kinds (server bookkeeping, docs/kinds.md) stay few: the menu is where the work is.
    expect(unreachable.length).toBeLessThan(entities.length / 10);
  });

  it('lists each screen once, in the sections of the model, in their order', () => {
    const all = paths(defaultMenus());
    expect(new Set(all).size).toBe(all.length);
    const sections = defaultMenus().map((m) => m.label);
    expect(sections).toEqual(menuSections.filter((s) => sections.includes(s)));
    for (const group of defaultMenus()) expect(group.path).toBe(group.menus![0].path);
  });

  it('places a kind where its declaration says, among the tool screens', () => {
    const financing = defaultMenus()
      .find((m) => m.label === 'Financing')!
      .menus!.map((m) => m.path);
    expect(financing.slice(0, 3)).toEqual(['/deals', '/quotations', '/contracts']);
    expect(financing.at(-1)).toBe('/rates');
    const contract = entities.find((e) => e.name === 'Contract')!;
    const moved = { ...contract, menu: { section: 'Work' as const, order: 1 } };
    const menus = defaultMenusOf([moved]);
    expect(menus.find((m) => m.label === 'Work')!.menus![0].path).toBe('/contracts');
    expect(paths(menus.filter((m) => m.label === 'Financing'))).not.toContain('/contracts');
  });
});
