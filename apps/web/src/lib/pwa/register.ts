import { registerSW } from 'virtual:pwa-register';
import { create } from 'zustand';
import { mayLoadUpdate, type UpdateState } from './update-policy';

// Registers the service worker (dist/sw.js) and takes a new build only when it is safe: at the
// next navigation to another page, never on the live show page, which shows UpdateNotice instead.

/** How often an open app asks the server for a new worker, besides when it comes back to view. */
const CHECK_EVERY_MS = 30 * 60_000;
/**
 * How long the page waits for the new worker to take over before it reloads all the same. The old
 * worker hands over only once it is idle (a long download, or a debugger attached, keeps it busy);
 * pages come from the network, so the reload brings the new build either way.
 */
const TAKE_OVER_DEADLINE_MS = 3000;

export const usePwaUpdate = create<{ state: UpdateState }>(() => ({ state: 'current' }));

let letWaitingTakeOver: (() => Promise<void>) | undefined;
/** This page asked for the new build: it reloads once the new worker takes over. */
let loading = false;
/** This page was loaded after the waiting worker was installed, so it runs that build already. */
let loadedNewBuild = false;

/** Loads the new build now: the waiting worker takes over and the page reloads on it. */
export function loadUpdate(): void {
  const { state } = usePwaUpdate.getState();
  if (state === 'current' || loading) return;
  loading = true;
  if (state === 'waiting' && letWaitingTakeOver) {
    void letWaitingTakeOver();
    setTimeout(() => window.location.reload(), TAKE_OVER_DEADLINE_MS);
  } else {
    window.location.reload();
  }
}

/** At a navigation inside the app: take a waiting build unless arriving at the show. */
export function arrivedAt(pathname: string): void {
  if (mayLoadUpdate(usePwaUpdate.getState().state, pathname)) loadUpdate();
}

/** Asks the server whether sw.js changed; offline or mid-install, this simply fails or waits for next time. */
function checkForUpdate(registration: ServiceWorkerRegistration): void {
  if (registration.installing || !navigator.onLine) return;
  registration.update().catch(() => undefined);
}

/** Registers the worker; call once, in the built app only. */
export function registerServiceWorker(): void {
  letWaitingTakeOver = registerSW({
    onNeedRefresh: () => {
      if (!loadedNewBuild) usePwaUpdate.setState({ state: 'waiting' });
    },
    // The new worker took over. Asked for here: reload onto the new build. Let in by another tab:
    // this page stays on its build until its next navigation (or Load now on the show).
    onNeedReload: () => {
      if (loading) window.location.reload();
      else if (loadedNewBuild) loadedNewBuild = false;
      else usePwaUpdate.setState({ state: 'taken-over' });
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // A worker was already waiting when this page loaded: the page came from the network, so it
      // is that build, and the worker may take over at once with nothing to reload (even on the show).
      if (registration.waiting && navigator.serviceWorker.controller) {
        loadedNewBuild = true;
        usePwaUpdate.setState({ state: 'current' });
        void letWaitingTakeOver?.();
      }
      setInterval(() => checkForUpdate(registration), CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate(registration);
      });
    },
  });
}
