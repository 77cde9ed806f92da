/** The server sends at least one message a second (the tick): this long without any is a dead link. */
const SILENCE_MS = 2000;
/** Silence is noticed at most this long after SILENCE_MS. */
const CHECK_EVERY_MS = 100;

/**
 * Watches a connection for silence. `heard()` on every message from the server; once nothing has
 * been heard for SILENCE_MS, `onSilent` runs once (until something is heard again or the watch is
 * restarted). A blackholed link never closes by itself, and Socket.IO's own heartbeat takes tens
 * of seconds to notice: the server's steady messages are the faster signal.
 */
export function createLinkWatch({ onSilent }: { onSilent: () => void }) {
  let lastHeard = Date.now();
  let armed = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const check = () => {
    if (!armed || Date.now() - lastHeard <= SILENCE_MS) return;
    armed = false;
    onSilent();
  };

  return {
    heard(): void {
      lastHeard = Date.now();
      armed = timer !== undefined;
    },
    start(): void {
      lastHeard = Date.now();
      armed = true;
      if (timer === undefined) timer = setInterval(check, CHECK_EVERY_MS);
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
      armed = false;
    },
  };
}
