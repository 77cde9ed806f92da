// The offline page tries the network again by itself: when the browser says it is back online,
// every few seconds, and on Retry. Any answer from the vault (even an error page) means the
// connection is back, so the page reloads the address the member asked for.
(() => {
  const EVERY_MS = 5000;
  const DEADLINE_MS = 4000;
  // Offline, a fetch fails at once: the words stay up long enough to be read.
  const SHOWN_MS = 1000;
  const button = document.getElementById('retry');
  const status = document.getElementById('status');
  let trying = false;

  async function reachable() {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), DEADLINE_MS);
    try {
      await fetch('/api/health', { cache: 'no-store', signal: abort.signal });
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function tryAgain() {
    if (trying) return;
    trying = true;
    // Not disabled: a disabled button would drop the keyboard focus of whoever pressed it.
    button.setAttribute('aria-busy', 'true');
    status.textContent = 'Trying again…';
    const [back] = await Promise.all([reachable(), new Promise((done) => setTimeout(done, SHOWN_MS))]);
    if (back) {
      status.textContent = 'Back online. Loading the vault…';
      location.reload();
      return;
    }
    trying = false;
    button.removeAttribute('aria-busy');
    status.textContent = 'Still offline. Trying again in a few seconds.';
  }

  button.addEventListener('click', tryAgain);
  window.addEventListener('online', tryAgain);
  setInterval(tryAgain, EVERY_MS);
})();
