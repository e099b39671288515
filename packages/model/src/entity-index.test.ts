import { describe, expect, it } from 'vitest';
import { clientRouteOf, entities } from './entity-registry.ts';
import { kindIndex } from './entity-index.ts';
import { codeTables } from './lists/code-tables.ts';
import { typeListNames } from './lists/type-list-names.ts';
import { clientRouteOfKind, kindByName, loadKind, loadedKind } from './lazy-registry.ts';

describe('the kinds index (the registry as the web loads it)', () => {
  it('says of every kind what its declaration says, in the same order (else: npx tsx scripts/write-entity-index.ts)', () => {
    expect(kindIndex.map(({ load: _load, ...summary }) => summary)).toEqual(
      entities.map((e) => ({
        name: e.name,
        route: e.route,
        clientRoute: e.clientRoute,
        listRoute: e.listRoute,
        prefix: e.prefix,
        titles: e.labels.en,
        screens: e.screens,
      })),
    );
  });

  it('names every reference list a kind may take its types from (else: npx tsx scripts/write-entity-index.ts)', () => {
    expect([...typeListNames]).toEqual(Object.keys(codeTables).filter((name) => name.endsWith('Type')));
  });

  it("loads each kind's own declaration, the same object the registry holds", async () => {
    for (const entity of entities) {
      expect(await kindByName(entity.name)?.load()).toBe(entity);
    }
  });

  it('keeps what it loaded, and gives undefined for a name no kind has', async () => {
    expect(loadedKind('Contract')).toBeUndefined();
    const contract = await loadKind('Contract');
    expect(contract?.name).toBe('Contract');
    expect(loadedKind('Contract')).toBe(contract);
    expect(await loadKind('NoSuchKind')).toBeUndefined();
  });

  it('gives the client route of a name as the registry does', () => {
    for (const name of ['Credit line', 'credit-line', 'CreditLine', 'dynoBoat', 'Contract']) {
      expect(clientRouteOfKind(name)).toBe(clientRouteOf(name));
    }
    expect(clientRouteOfKind('dynoBoat', true)).toBe(clientRouteOf('dynoBoat', true));
    const thrown = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error;
      }
    };
    expect(thrown(() => clientRouteOfKind('Nothing'))).toEqual(thrown(() => clientRouteOf('Nothing')));
    expect(thrown(() => clientRouteOfKind(undefined))).toEqual(thrown(() => clientRouteOf(undefined)));
    expect(thrown(() => clientRouteOfKind('Nothing'))).toBeDefined();
  });
});

describe('a kind whose status has no label', () => {
  it('is refused by the registry', async () => {
    const { defineEntity } = await import('./entity.ts');
    const { assertCompleteDeclarations } = await import('./entity-registry.ts');
    const kind = defineEntity({
      name: 'Unlabelled',
      route: 'test/unlabelled',
      statuses: ['DRAFT', 'NO_SUCH_CODE'],
      labels: { fr: { singular: 'Sans libellé', plural: 'Sans libellés' } },
      menu: { notListed: 'a test kind' },
    } as Parameters<typeof defineEntity>[0]);
    expect(() => assertCompleteDeclarations([kind])).toThrow('Unlabelled: status NO_SUCH_CODE has no label');
  });
});
