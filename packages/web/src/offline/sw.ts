/*
 * The app's service worker, built by vite-plugin-pwa (injectManifest) into `/sw.js`, scope `/`:
 * - precaches the app shell and its code chunks (the build's own list, `self.__WB_MANIFEST`), so the
 *   app starts with no network after a first visit, and answers index.html for every client route;
 * - installs a new version in the background and takes over at once; the page then reloads
 *   (offline/app-worker.ts, spec 000 §2: "when a new service worker is installed the app reloads");
 * - shows a pushed notification and opens its link (notifications/push.ts registers the same file).
 * API calls are not cached here: the offline mode keeps its reads in IndexedDB (docs/offline.md).
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** What this file uses of ServiceWorkerGlobalScope (the web's TypeScript program is a DOM one). */
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<Array<{ url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> }>>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WorkerEvent) => void): void;
}
interface WorkerEvent {
  waitUntil(promise: Promise<unknown>): void;
  data?: { json(): unknown; text(): string } | null;
  notification?: Notification;
}

const worker = self as unknown as WorkerScope;

// The offline cache's name is fixed (spec 002 §9): `lbo-precache-…`, whatever the build.
setCacheNameDetails({ prefix: 'lbo', suffix: '' });
void worker.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Written as `self.__WB_MANIFEST`: the build replaces that very text with the list.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
// Client routes (and the published path /imp/{tenant}/…) answer the shell; API calls and files never.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/documentation\/api/, /\.[a-z0-9]{2,5}$/i],
  }),
);

worker.addEventListener('push', (event) => {
  let data: { title?: string; body?: string; tag?: string; link?: string } = {};
  try {
    data = (event.data ? event.data.json() : {}) as typeof data;
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    worker.registration.showNotification(data.title || 'Notification', {
      body: data.body || '',
      tag: data.tag,
      icon: '/favicon.ico',
      data: { link: data.link || '/notifications' },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  const notification = event.notification!;
  notification.close();
  const link = new URL(notification.data?.link || '/notifications', worker.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === link.origin);
      if (open) {
        await open.focus();
        if (open.navigate) return open.navigate(link.href);
        return undefined;
      }
      return worker.clients.openWindow(link.href);
    })(),
  );
});
