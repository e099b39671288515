import { lazy, Suspense, type ComponentType } from 'react';
import type { Entity } from '@lbo/model/entity';
import { ListScreen } from '../../entities/ListScreen.tsx';
import { Loading } from '../pages/StatusPages.tsx';

export interface ScreenProps {
  entity: Entity;
  canCreate?: boolean;
}

/**
 * Domain screens that replace the generic ones, by entity name (CONVENTIONS §7). Each is loaded
 * on first use, so the sign-in bundle does not carry them.
 */
const PersonScreen = lazy(() => import('../../person/PersonScreen.tsx'));
const PersonListScreen = lazy(() => import('../../person/PersonListScreen.tsx'));
const FinancedRecordScreen = lazy(() => import('../../financing/FinancedRecordScreen.tsx'));
const ProductTableScreen = lazy(() => import('../../financing/ProductTableScreen.tsx'));
/** The generic detail screen (forms, every field input, the workflow card) stays out of the list routes' JavaScript. */
const DetailScreen = lazy(() => import('../../entities/DetailScreen.tsx').then((m) => ({ default: m.DetailScreen })));

const customDetailScreens: Record<string, ComponentType<ScreenProps>> = {
  Person: PersonScreen, Prospect: PersonScreen, Contract: FinancedRecordScreen, Deal: FinancedRecordScreen, ProductTable: ProductTableScreen,
};
const customListScreens: Record<string, ComponentType<ScreenProps>> = { Person: PersonListScreen, Prospect: PersonListScreen };

/** The detail screen of a kind: its own when it has one, else the generic screen. */
export function EntityDetailScreen(props: ScreenProps) {
  const Screen = customDetailScreens[props.entity.name] ?? DetailScreen;
  return <Suspense fallback={<Loading />}><Screen {...props} /></Suspense>;
}

/** The list screen of a kind: its own when it has one, else the generic screen. */
export function EntityListScreen(props: ScreenProps) {
  const Custom = customListScreens[props.entity.name];
  if (!Custom) return <ListScreen {...props} />;
  return <Suspense fallback={<Loading />}><Custom {...props} /></Suspense>;
}
