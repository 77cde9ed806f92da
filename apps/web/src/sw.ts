/// <reference lib="webworker" />
// The vault's service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js). It keeps
// the built app's files so an open page's lazy chunks still load after a deploy, answers a failed
// navigation with the offline page, and shows Web Push notifications. It never caches an /api
// answer, a session, the live socket or a price: anything not precached goes to the network.

import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { clickTarget, notificationFor } from './lib/pwa/push-notification';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const OFFLINE_PAGE = '/offline.html';
/** A navigation that has not answered by then is treated as offline (a dead mobile link hangs, it does not fail). */
const NAVIGATION_DEADLINE_SECONDS = 5;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages always come from the network (a deploy or a sign-out takes effect at once); only when the
// network fails does the member get the offline page, which retries by itself.
const network = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_DEADLINE_SECONDS });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    // Server pages that are not the SPA: the API (its docs), the payment sandbox, the socket.
    { denylist: [/^\/api(\/|$)/, /^\/sandbox(\/|$)/, /^\/socket\.io(\/|$)/] },
  ),
);

// The page lets a waiting worker take over (registerType 'prompt'): only at a navigation, never
// in the middle of a live show (apps/web/src/lib/pwa/register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: the generic notification below, as Chrome requires one for every push.
  }
  const { title, options } = notificationFor(data);
  event.waitUntil(
    self.registration.showNotification(title, {
      ...options,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openOnOurOrigin(clickTarget(event.notification.data)));
});

/** Brings an open vault window to the path (focusing it), or opens one. */
async function openOnOurOrigin(path: string): Promise<WindowClient | null> {
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin) return null;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(target.href);
  // Focus may be refused (no user gesture reached us); the navigation still goes ahead.
  await open.focus().catch(() => undefined);
  const at = new URL(open.url);
  if (at.pathname + at.search === target.pathname + target.search) return open;
  try {
    return await open.navigate(target.href);
  } catch {
    // A window this worker does not control cannot be navigated from here.
    return self.clients.openWindow(target.href);
  }
}
