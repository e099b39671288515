import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/**
 * Flow mode (spec 000 §2.1): `/k/{accessKey}/p/{pageId}` opens one page full screen, without the
 * shell and without signing in, authorised by the access key alone (docs/shell-modes.md).
 */
export const flowModule: WebModule = {
  name: 'flow',
  publicScreens: { '/k/:accessKey/p/:pageId': lazy(() => import('./FlowPage.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).flowFr },
};
