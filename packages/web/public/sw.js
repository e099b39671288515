/*
 * The service worker (packages/web/src/notifications/push.ts registers it at /sw.js, scope /):
 * shows a pushed notification, and opens its link when it is clicked, in a tab of the app that
 * is already open if there is one. Small on purpose: the app's offline caching will be added
 * beside it, not mixed into it.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Notification';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag,
      icon: '/favicon.ico',
      data: { link: data.link || '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data && event.notification.data.link) || '/notifications', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === link.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) return open.navigate(link.href);
        return undefined;
      }
      return self.clients.openWindow(link.href);
    })(),
  );
});
