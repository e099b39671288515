import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { kinds } from '@lbo/model/lazy-registry';
import { KindDetailScreen as DetailScreen, KindListScreen as ListScreen } from './custom-screens.tsx';
import { detailByIdOnly } from '../../entities/page-config.ts';
import { closedFeatureOf } from '../feature-flags.ts';
import { ShortLink } from '../pages/ShortLink.tsx';
import { useSession } from '../session/session-context.tsx';
import { allowedRoutesOf, isRouteAllowed } from '../menus.ts';
import { Loading } from '../pages/Loading.tsx';
import { useWebModules } from '../web-module.ts';

/** The core's own tool screens, by path; the domains' come with their modules. Each is a chunk of its own. */
const ApiDocumentationScreen = lazy(() => import('../pages/ApiDocumentationScreen.tsx'));

/** The status pages (not found, not allowed, not built, turned off) load when one is shown. */
const statusPages = () => import('../pages/StatusPages.tsx');
const NotFound = lazy(async () => ({ default: (await statusPages()).NotFound }));
const NotAllowed = lazy(async () => ({ default: (await statusPages()).NotAllowed }));
const NotAvailable = lazy(async () => ({ default: (await statusPages()).NotAvailable }));
const FeatureTurnedOff = lazy(async () => ({ default: (await statusPages()).FeatureTurnedOff }));
const withLoading = (page: ReactNode) => <Suspense fallback={<Loading />}>{page}</Suspense>;
const coreToolScreens: Record<string, ComponentType> = {
  '/documentation/api': ApiDocumentationScreen,
};

/**
 * Tool screens of spec 000 §2.2 that are not entity lists. Those not built yet show the
 * "not available yet" page. Paths use React Router patterns.
 */
export const toolRoutes = [
  '/cache-info',
  '/chat',
  '/documentation',
  '/documentation/api',
  '/documentation/*',
  '/documentation-search',
  '/global-search',
  '/database/current-operations',
  '/calendar',
  '/tenant',
  '/crons',
  '/request-log/:requestId',
  // Operations: the metrics (the Metric kind's list route) and one metric's chart.
  '/metrics',
  '/metric-record/:key',
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
  // Dynamic pages: a dynamic kind's list, its creation form and a record.
  '/page/:name',
  '/page/:name/new',
  '/page/:name/:id',
  '/mapping',
  '/mapping/:id',
  // Mail: the local mailbox and the templates.
  '/mailbox',
  '/mail-templates',
  // Tasks: the signed-in user's own, a landing page of choice.
  '/my-tasks',
  // Support desk: the open tickets of each team.
  '/support-queue',
  // Projects: the signed-in user's week of hours.
  '/timesheet',
  // The tenant's own wording of the interface's texts (docs/feature-flags.md).
  '/string-overrides',
  // Flow mode (spec 000 §2.1).
  '/k/:accessKey/p/:pageId',
];

/** `/app-preload` renders nothing (spec 000 §2.2). */
export const emptyRoutes = ['/app-preload'];

/**
 * Every route of spec 000 §2.2: a list route and detail routes `/x` and `/x/{id}` for each
 * declared kind, built from the registry; the tool screens; short links; the landing page.
 */
export function AppRoutes() {
  const { configuration, user } = useSession();
  const location = useLocation();
  const { toolScreens } = useWebModules();
  const builtToolScreens = useMemo(() => ({ ...toolScreens, ...coreToolScreens }), [toolScreens]);
  // Tool paths replace an entity route of the same path (the current tenant's settings at /tenant).
  const toolFirst = useMemo(() => new Set([...toolRoutes, ...Object.keys(toolScreens)]), [toolScreens]);
  const allowed = allowedRoutesOf(configuration?.options.allowedRoutes, configuration?.menus);
  // A screen whose flag is off says so, before the menus (which no longer list it) would refuse it.
  const closedFeature = closedFeatureOf(configuration, location.pathname);
  if (closedFeature) return withLoading(<FeatureTurnedOff flag={closedFeature} />);
  if (user && !isRouteAllowed(location.pathname, allowed, user)) return withLoading(<NotAllowed />);
  return (
    <Routes>
      <Route path="/" element={<Navigate to={configuration?.landingPage ?? '/'} replace />} />
      <Route path="/u/:key" element={<ShortLink />} />
      {[...toolFirst].map((path) => {
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
                withLoading(<NotAvailable />)
              )
            }
          />
        );
      })}
      {emptyRoutes.map((path) => (
        <Route key={path} path={path} element={null} />
      ))}
      {kinds.flatMap((entity) => [
        toolFirst.has(`/${entity.listRoute}`) ? null : (
          <Route
            key={`l-${entity.name}`}
            path={`/${entity.listRoute}`}
            element={<ListScreen key={entity.name} name={entity.name} />}
          />
        ),
        toolFirst.has(`/${entity.clientRoute}`) ? null : (
          <Route
            key={`n-${entity.name}`}
            path={`/${entity.clientRoute}`}
            element={
              <DetailScreen
                key={`${entity.name}-new`}
                name={entity.name}
                canCreate={!detailByIdOnly.has(entity.clientRoute)}
              />
            }
          />
        ),
        <Route
          key={`d-${entity.name}`}
          path={`/${entity.clientRoute}/:id`}
          element={<DetailScreen key={entity.name} name={entity.name} />}
        />,
      ])}
      <Route path="*" element={withLoading(<NotFound />)} />
    </Routes>
  );
}
