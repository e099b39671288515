import { api } from '../app/api/client.ts';

/**
 * Web push in this browser: the service worker (`/sw.js`, scope `/`: packages/web/src/offline/sw.ts, built to /sw.js)
 * registered here and nowhere else, and its push subscription sent to the server, which
 * remembers it for the user (spec 002 §Notifications). Asked for by the user only: the browser
 * asks them for the permission.
 */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker, registered once per page. */
let registering: Promise<ServiceWorkerRegistration> | undefined;
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready);
  return registering;
}

/** `applicationServerKey` from the base64url public key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the permission, subscribes this browser and sends the subscription; answers whether it is subscribed. */
export async function enablePush(): Promise<'subscribed' | 'denied' | 'unsupported'> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await registerServiceWorker();
  const { publicKey } = await api.get<{ publicKey: string }>('/api/notification/client-configuration');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.post('/api/notification/subscribe', { token: JSON.stringify(subscription) });
  return 'subscribed';
}

/** Keeps the worker up to date in a browser that allowed notifications before (a new version of sw.js). */
export function refreshServiceWorker() {
  if (pushSupported() && Notification.permission === 'granted') void registerServiceWorker().catch(() => undefined);
}
