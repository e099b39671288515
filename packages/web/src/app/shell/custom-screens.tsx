import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import type { Entity } from '@lbo/model/entity';
import { ListScreen } from '../../entities/ListScreen.tsx';
import { usePrefetchDetail } from '../../entities/detail-prefetch.ts';
import { useKind } from '../../entities/use-kind.ts';
import { Loading } from '../pages/Loading.tsx';
import { useWebModules, type ScreenProps } from '../web-module.ts';

/**
 * Domain screens replace the generic ones (CONVENTIONS §7) by the key a kind's declaration names
 * (`screens: { detail: 'person' }`); the domains' modules bring them (app/web-modules.ts), each
 * loaded on first use, so the sign-in bundle does not carry them.
 */
/** The generic detail screen (forms, every field input, the workflow card) stays out of the list routes' JavaScript. */
const DetailScreen = lazy(() => import('../../entities/DetailScreen.tsx').then((m) => ({ default: m.DetailScreen })));

/** The screen a declaration names; a key the web does not know is a mistake, not the generic screen. */
function screenOf(screens: Record<string, ComponentType<ScreenProps>>, key: string | undefined, entity: Entity) {
  if (key === undefined) return undefined;
  if (!Object.hasOwn(screens, key))
    throw new Error(`${entity.name} names the screen "${key}", which the web does not have`);
  return screens[key];
}

/** The detail screen of a kind: its own when it has one, else the generic screen. */
export function EntityDetailScreen(props: ScreenProps) {
  const { detailScreens } = useWebModules();
  // The record and its cards' data are asked for while the screen's code loads, not after it renders.
  usePrefetchDetail(props.entity, useParams().id);
  const Screen = screenOf(detailScreens, props.entity.screens.detail, props.entity) ?? DetailScreen;
  return (
    <Suspense fallback={<Loading />}>
      <Screen {...props} />
    </Suspense>
  );
}

/** The list screen of a kind: its own when it has one, else the generic screen. */
export function EntityListScreen(props: ScreenProps) {
  const { listScreens } = useWebModules();
  const Custom = screenOf(listScreens, props.entity.screens.list, props.entity);
  if (!Custom) return <ListScreen {...props} />;
  return (
    <Suspense fallback={<Loading />}>
      <Custom {...props} />
    </Suspense>
  );
}

/**
 * The list screen of a kind named by its route, once the kind's declaration has loaded: a list
 * route loads only the declarations it shows (docs/decisions.md "Declarations loaded per kind").
 */
export function KindListScreen({ name }: { name: string }) {
  const entity = useKind(name);
  return entity ? <EntityListScreen key={name} entity={entity} /> : <Loading />;
}

/** The detail screen of a kind named by its route, once the kind's declaration has loaded. */
export function KindDetailScreen({ name, canCreate }: { name: string; canCreate?: boolean }) {
  const entity = useKind(name);
  return entity ? <EntityDetailScreen entity={entity} canCreate={canCreate} /> : <Loading />;
}
