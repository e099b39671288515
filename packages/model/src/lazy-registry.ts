import type { Entity, KindScreens, KindTitles } from './entity.ts';
import { ApiError } from './errors.ts';
import { kindIndex } from './entity-index.ts';

/**
 * The registry as the web reads it (docs/decisions.md "Declarations loaded per kind"): what
 * routes, menus and links need of every kind, at once, and each kind's declaration loaded when a
 * screen first needs it. The server reads the whole registry at once (entity-registry.ts); both
 * read the same declarations, so a kind's whole truth stays in its declaration. `entity-index.ts`
 * is made from the registry by `scripts/write-entity-index.ts`, and entity-index.test.ts fails
 * when it no longer says what the declarations say.
 */
export interface KindEntry {
  name: string;
  /** `financing/contracts`: the route base under `/api`. */
  route: string;
  /** `contract`: the detail route. */
  clientRoute: string;
  /** `contracts`: the list route. */
  listRoute: string;
  prefix: string;
  /** Its English titles. */
  titles: KindTitles;
  screens: KindScreens;
  /** Its declaration, loaded on first use (one chunk per kind in the web's build). */
  load: () => Promise<Entity>;
}

export const kinds: readonly KindEntry[] = kindIndex;

/** `Credit-Line`, `credit line` and `CreditLine` all give `creditline` (spec 000 §2.2). */
const normalise = (name: string) => name.toLowerCase().replace(/[\s-]/g, '');
const byName = new Map(kinds.map((kind) => [kind.name, kind]));
const byNormalisedName = new Map(kinds.map((kind) => [normalise(kind.name), kind]));

export const kindByName = (name: string): KindEntry | undefined => byName.get(name);

const loaded = new Map<string, Entity>();
const loading = new Map<string, Promise<Entity | undefined>>();

/** A kind's declaration when it is loaded already (else undefined: load it with `loadKind`). */
export const loadedKind = (name: string): Entity | undefined => loaded.get(name);

/** A kind's declaration, loaded once; undefined for a name no kind has. */
export function loadKind(name: string): Promise<Entity | undefined> {
  const done = loaded.get(name);
  if (done) return Promise.resolve(done);
  let pending = loading.get(name);
  if (!pending) {
    const entry = byName.get(name);
    pending = entry
      ? entry.load().then((entity) => {
          loaded.set(name, entity);
          return entity;
        })
      : Promise.resolve(undefined);
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

/** Dynamic entities (`dynoXxx`), served under `/api/dyno/{name}` and shown under `/page/{name}`. */
const isDynoName = (name: string): boolean => /^dyno/i.test(name);

/**
 * Client route of an entity name (spec 000 §2.2), as entity-registry's `clientRouteOf`:
 * `Credit line` → `/credit-line`; `dynoBoat` → `/page/dynoBoat`, `/page/dynoBoat/new` when creating.
 */
export function clientRouteOfKind(entityName: string | undefined, creating = false): string {
  if (!entityName) throw new ApiError('MISSING_FIELD_IN_ARGS', ['entityName']);
  if (isDynoName(entityName)) return `/page/${entityName}${creating ? '/new' : ''}`;
  const kind = byNormalisedName.get(normalise(entityName));
  if (!kind) throw new ApiError('UNSUPPORTED_ENTITY', [entityName]);
  return `/${kind.clientRoute}`;
}
