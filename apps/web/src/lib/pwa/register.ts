import { registerSW } from 'virtual:pwa-register';
import { create } from 'zustand';
import { mayLoadUpdate, type UpdateState } from './update-policy';

// Registers the service worker (dist/sw.js) and takes a new build only when it is safe: at the
// next navigation or full load, never on the live show page, which shows UpdateNotice instead.

/** How often an open app asks the server for a new worker, besides when it comes back to view. */
const CHECK_EVERY_MS = 30 * 60_000;

export const usePwaUpdate = create<{ state: UpdateState }>(() => ({ state: 'current' }));

let letWaitingTakeOver: (() => Promise<void>) | undefined;
/** Set once this page asked for the new build: its taking over then reloads the page. */
let loading = false;

/** Loads the new build now: the waiting worker takes over and the page reloads on it. */
export function loadUpdate(): void {
  const { state } = usePwaUpdate.getState();
  if (state === 'current' || loading) return;
  loading = true;
  if (state === 'taken-over' || !letWaitingTakeOver) window.location.reload();
  else void letWaitingTakeOver();
}

/** At a navigation inside the app (or a full load): take a waiting build unless arriving at the show. */
export function arrivedAt(pathname: string): void {
  if (mayLoadUpdate(usePwaUpdate.getState().state, pathname)) loadUpdate();
}

/** Asks the server whether sw.js changed; offline or mid-install, this simply fails or waits for next time. */
function checkForUpdate(registration: ServiceWorkerRegistration): void {
  if (registration.installing || !navigator.onLine) return;
  registration.update().catch(() => undefined);
}

/** Registers the worker; call once, in the built app only. */
export function registerServiceWorker(currentPathname: () => string): void {
  letWaitingTakeOver = registerSW({
    onNeedRefresh: () => usePwaUpdate.setState({ state: 'waiting' }),
    // The new worker took over. Asked for here: reload onto the new build. Let in by another tab:
    // this page stays as it is until its next navigation (or Load now on the show).
    onNeedReload: () => {
      if (loading) window.location.reload();
      else usePwaUpdate.setState({ state: 'taken-over' });
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // A full load while a new worker was already waiting: the load is the navigation that takes it.
      if (registration.waiting && navigator.serviceWorker.controller) {
        usePwaUpdate.setState({ state: 'waiting' });
        arrivedAt(currentPathname());
      }
      setInterval(() => checkForUpdate(registration), CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate(registration);
      });
    },
  });
}
