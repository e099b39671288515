import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/**
 * Operating the product (docs/operations.md): the metrics and a metric's chart, the request log
 * of a request id, the statements running in the database and the caches. The system events and
 * logs are the generic lists of their kinds.
 */
export const operationsModule: WebModule = {
  name: 'operations',
  toolScreens: {
    '/metrics': lazy(() => import('./MetricsScreen.tsx')),
    '/metric-record/:key': lazy(() => import('./MetricRecordScreen.tsx')),
    '/request-log/:requestId': lazy(() => import('./RequestLogScreen.tsx')),
    '/database/current-operations': lazy(() => import('./CurrentOperationsScreen.tsx')),
    '/cache-info': lazy(() => import('./CacheInfoScreen.tsx')),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).operationsFr },
};
