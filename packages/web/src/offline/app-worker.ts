import { Workbox } from 'workbox-window';

/** How often a long-open app asks whether a new version is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the app's service worker (`/sw.js`, scope `/`; src/offline/sw.ts). A new version
 * installs in the background and takes over; the page then reloads once, as spec 000 §2 says
 * ("when a new service worker is installed the app reloads"). The first install reloads nothing.
 * A failed registration is logged and the app runs on (spec 000 §8).
 */
export function registerAppWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || import.meta.env.DEV) return;
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  worker
    .register()
    .then(() => setInterval(() => void worker.update().catch(() => undefined), UPDATE_CHECK_MS))
    .catch((error) => console.warn('The service worker could not be registered', error));
}
