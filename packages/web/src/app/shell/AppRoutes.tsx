import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { entities } from '@lbo/model/entity-registry';
import { EntityDetailScreen as DetailScreen, EntityListScreen as ListScreen } from './custom-screens.tsx';
import { detailByIdOnly } from '../../entities/page-config.ts';
import { NotAllowed, NotAvailable, NotFound } from '../pages/StatusPages.tsx';
import { ShortLink } from '../pages/ShortLink.tsx';
import { useSession } from '../session/session-context.tsx';
import { allowedRoutesOf, isRouteAllowed } from '../menus.ts';
import { Loading } from '../pages/StatusPages.tsx';

/** Tool screens built so far, by path; each is a chunk of its own. */
const CalculatorScreen = lazy(() => import('../../financing/CalculatorScreen.tsx'));
const ApiDocumentationScreen = lazy(() => import('../pages/ApiDocumentationScreen.tsx'));
const ObjectStorageContainersScreen = lazy(() =>
  import('../../documents/ObjectStorageScreens.tsx').then((m) => ({ default: m.ObjectStorageContainersScreen })),
);
const ObjectStorageContainerScreen = lazy(() =>
  import('../../documents/ObjectStorageScreens.tsx').then((m) => ({ default: m.ObjectStorageContainerScreen })),
);
const CronsScreen = lazy(() => import('../../jobs/CronsScreen.tsx'));
const TreasuryMoveMoneyScreen = lazy(() =>
  import('../../banking/TreasuryScreens.tsx').then((m) => ({ default: m.TreasuryMoveMoneyScreen })),
);
const TreasuryArbitrationScreen = lazy(() =>
  import('../../banking/TreasuryScreens.tsx').then((m) => ({ default: m.TreasuryArbitrationScreen })),
);
const TreasurySetOverdraftScreen = lazy(() =>
  import('../../banking/TreasuryScreens.tsx').then((m) => ({ default: m.TreasurySetOverdraftScreen })),
);
const builtToolScreens: Record<string, ComponentType> = {
  '/rates': CalculatorScreen,
  '/crons': CronsScreen,
  '/documentation/api': ApiDocumentationScreen,
  '/object-storage-containers': ObjectStorageContainersScreen,
  '/object-storage-container/:containerName': ObjectStorageContainerScreen,
  '/move-money': TreasuryMoveMoneyScreen,
  '/arbitration': TreasuryArbitrationScreen,
  '/bank/set-overdraft': TreasurySetOverdraftScreen,
};

/**
 * Tool screens of spec 000 §2.2 that are not entity lists. Those not built yet show the
 * "not available yet" page. Paths use React Router patterns.
 */
export const toolRoutes = [
  '/cache-info',
  '/chat',
  '/documentation/api',
  '/documentation/*',
  '/documentation-search',
  '/global-search',
  '/database/current-operations',
  '/calendar',
  '/tenant',
  '/crons',
  '/request-log/:requestId',
  '/move-money',
  '/arbitration',
  '/bank/set-overdraft',
  '/rates',
  '/tests',
  '/object-storage-containers',
  '/object-storage-container/:containerName',
  '/themes',
  '/icons',
  '/notifications',
  '/catalog/:name',
  '/edit-catalog/:name',
  '/content/*',
  '/user-content',
  '/user-content/*',
  '/page/*',
  '/mapping',
  '/mapping/:id',
  // Flow mode (spec 000 §2.1).
  '/k/:accessKey/p/:pageId',
];

/** `/app-preload` renders nothing (spec 000 §2.2). */
export const emptyRoutes = ['/app-preload'];

/** Tool paths that replace an entity route of the same path (the current tenant's settings at /tenant). */
const toolFirst = new Set(toolRoutes);

/**
 * Every route of spec 000 §2.2: a list route and detail routes `/x` and `/x/{id}` for each
 * declared kind, built from the registry; the tool screens; short links; the landing page.
 */
export function AppRoutes() {
  const { configuration, user } = useSession();
  const location = useLocation();
  const allowed = allowedRoutesOf(configuration?.options.allowedRoutes, configuration?.menus);
  if (user && !isRouteAllowed(location.pathname, allowed, user)) return <NotAllowed />;
  return (
    <Routes>
      <Route path="/" element={<Navigate to={configuration?.landingPage ?? '/'} replace />} />
      <Route path="/u/:key" element={<ShortLink />} />
      {toolRoutes.map((path) => {
        const Screen = builtToolScreens[path];
        return (
          <Route
            key={path}
            path={path}
            element={
              Screen ? (
                <Suspense fallback={<Loading />}>
                  <Screen />
                </Suspense>
              ) : (
                <NotAvailable />
              )
            }
          />
        );
      })}
      {emptyRoutes.map((path) => (
        <Route key={path} path={path} element={null} />
      ))}
      {entities.flatMap((entity) => [
        toolFirst.has(`/${entity.listRoute}`) ? null : (
          <Route
            key={`l-${entity.name}`}
            path={`/${entity.listRoute}`}
            element={<ListScreen key={entity.name} entity={entity} />}
          />
        ),
        toolFirst.has(`/${entity.clientRoute}`) ? null : (
          <Route
            key={`n-${entity.name}`}
            path={`/${entity.clientRoute}`}
            element={
              <DetailScreen
                key={`${entity.name}-new`}
                entity={entity}
                canCreate={!detailByIdOnly.has(entity.clientRoute)}
              />
            }
          />
        ),
        <Route
          key={`d-${entity.name}`}
          path={`/${entity.clientRoute}/:id`}
          element={<DetailScreen key={entity.name} entity={entity} />}
        />,
      ])}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
