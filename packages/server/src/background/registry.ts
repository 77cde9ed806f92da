/**
 * Every piece of background work the vault does, in one place: what it does, how often, and where
 * it runs in each mode. Embedded, everything is a timer in the one API process. Scaled, work that
 * must happen once for the whole cluster is either a BullMQ queue the workers consume, or runs on
 * every API replica with one Redis lock per period (lock.ts) deciding which replica acts; work that
 * only concerns a replica's own sockets or counters runs on every replica.
 *
 * The code that starts a task asks start.ts, which refuses a start this table does not list — so
 * "what runs where, in which mode" is answered here and nowhere else.
 */

export type BackgroundMode = 'embedded' | 'scaled';
export type BackgroundProcess = 'api' | 'worker';

/**
 * How a task runs when scaled. `queue`: BullMQ jobs the workers consume (each job runs once).
 * `locked`: every API replica, one per period by the Redis lock. `local`: every API replica, for
 * its own sockets or counters (nothing to agree on).
 */
export type ScaledForm = 'queue' | 'locked' | 'local';

export interface BackgroundTask {
  /** What it does, in one line. */
  does: string;
  /** Its period in milliseconds; null when it is driven by events (a wake-up per transition). */
  everyMs: number | null;
  /** What sets the period when it can be changed, and when it runs (if not always). */
  note?: string;
  /** Embedded: always a timer in the API process. */
  embedded: { process: 'api'; form: string };
  scaled: { process: BackgroundProcess; how: ScaledForm; form: string };
}

/** Expired sessions are deleted this often; nothing depends on it beyond the table's size. */
export const PRUNE_SESSIONS_EVERY_MS = 15 * 60 * 1000;
/** Pending sale claims are looked at this often (a crash or a lost gateway answer left them). */
export const RECONCILE_CLAIMS_EVERY_MS = 5_000;
/** Pending refunds (a lost gateway answer) are looked at this often. */
export const RECONCILE_REFUNDS_EVERY_MS = 10_000;
/** Purchases waiting for a package are bundled this often (and before the admin's list of packages answers). */
export const BUNDLE_SHIPMENTS_EVERY_MS = 5_000;
/** Captures left pending and packages left mid-shipping (a crash, a lost gateway answer) are looked at this often. */
export const RECONCILE_CAPTURES_EVERY_MS = 10_000;
/** Buy presses per item reach the database this often (the show report's demand). */
export const FLUSH_BUY_ATTEMPTS_EVERY_MS = 1_000;
/**
 * Each member's Buy presses (their time, reaction time and count) reach the database this often:
 * the line a declined winner's item passes down waits one period for every replica's batch.
 */
export const FLUSH_BUY_PRESSES_EVERY_MS = 250;
/** Draw entries reach the database this often (the registry holds them meanwhile; the close writes them all). */
export const FLUSH_DRAW_ENTRIES_EVERY_MS = 250;
/** The watcher count is written to the show's event log this often while a show is live. */
export const SAMPLE_WATCHERS_EVERY_MS = 10_000;
/** Due emails (retries, a delivery a crash left behind) are looked for this often. */
export const SWEEP_OUTBOX_EVERY_MS = 30_000;
/** The live watcher count is recounted for admins' screens this often. */
export const COUNT_WATCHERS_EVERY_MS = 2_000;
/** Every socket gets the server's time and the show's step this often (the reveal countdown). */
export const SOCKET_TICK_EVERY_MS = 1_000;
/** While draining, connections gone idle are closed this often. */
export const SWEEP_IDLE_CONNECTIONS_EVERY_MS = 100;

export const backgroundTasks = {
  'show-clock': {
    does: 'Moves each live show to its next phase at its deadline (phase_ends_at), and re-arms every show on start',
    everyMs: null,
    note: 'one wake-up per transition',
    embedded: { process: 'api', form: 'a timer per show in the API (re-armed on ready)' },
    scaled: {
      process: 'worker',
      how: 'queue',
      form: '`clock` queue, one delayed job per transition; every worker re-arms on start and on a Redis reconnect',
    },
  },
  notifications: {
    does: 'Sends emails (reminders, receipts, account and after-sale mail) and Web Push from their outboxes, retries failed ones, sweeps both for due rows',
    everyMs: SWEEP_OUTBOX_EVERY_MS,
    note: 'the sweep: NOTIFY_SWEEP_SECONDS in the worker, notifySweepMs in the API config',
    embedded: { process: 'api', form: 'timers in the API: reminder wake-ups, retries, the sweep' },
    scaled: {
      process: 'worker',
      how: 'queue',
      form: '`notifications` queue (the API only queues); job scheduler `notify-sweep`',
    },
  },
  'session-pruning': {
    does: 'Deletes expired sessions',
    everyMs: PRUNE_SESSIONS_EVERY_MS,
    embedded: { process: 'api', form: 'a timer in the API (and once on ready)' },
    scaled: { process: 'worker', how: 'queue', form: '`maintenance` queue, job scheduler `prune-sessions`' },
  },
  'claim-reconciler': {
    does: 'Settles or releases sale claims left pending (a crash, a lost gateway answer)',
    everyMs: RECONCILE_CLAIMS_EVERY_MS,
    note: 'first pass on listen, embedded settling every pending claim',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'locked', form: 'lock `<prefix>:lock:reconcile`, held 4 s' },
  },
  'refund-reconciler': {
    does: 'Marks refunds left pending (a lost gateway answer, a crash) done or failed, as the gateway says',
    everyMs: RECONCILE_REFUNDS_EVERY_MS,
    note: 'first pass on listen, embedded asking about every pending refund',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'locked', form: 'lock `<prefix>:lock:reconcile-refunds`, held 9 s' },
  },
  'shipment-bundler': {
    does: "Puts each member's purchases from one show into one package (a $1 test product into the open one) and re-dates ship-by days when a show ends",
    everyMs: BUNDLE_SHIPMENTS_EVERY_MS,
    note: 'first pass on listen; also before GET /api/admin/shipments answers',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'locked', form: 'lock `<prefix>:lock:shipment-bundler`, held 4 s' },
  },
  'capture-reconciler': {
    does: 'Settles purchases left pending by a capture or void (asking the gateway) and returns packages left mid-shipping to packing',
    everyMs: RECONCILE_CAPTURES_EVERY_MS,
    note: 'pending over 30 s, shipping over 2 min; first pass on listen, embedded settling every one',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'locked', form: 'lock `<prefix>:lock:capture-reconciler`, held 9 s' },
  },
  'watcher-samples': {
    does: "Writes the watcher count to the live show's event log (the show report's members watching)",
    everyMs: SAMPLE_WATCHERS_EVERY_MS,
    note: 'watcherSampleMs in the API config; also right after each transition',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: {
      process: 'api',
      how: 'locked',
      form: 'lock `<prefix>:watchers-sample`, held 0.9 of the period; one per transition, held 60 s',
    },
  },
  'buy-attempt-flush': {
    does: "Writes this replica's Buy presses per item to the database (the show report's demand)",
    everyMs: FLUSH_BUY_ATTEMPTS_EVERY_MS,
    note: 'and on close',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'local', form: 'for its own counts' },
  },
  'buy-press-flush': {
    does: "Writes this replica's Buy presses (who pressed, when, how soon after the reveal) to the database",
    everyMs: FLUSH_BUY_PRESSES_EVERY_MS,
    note: 'and on close, and before the line behind a declined winner is read',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'local', form: 'for its own presses' },
  },
  'draw-entry-flush': {
    does: 'Writes the draw entries this replica took to the database (the registry in Redis or memory numbers them)',
    everyMs: FLUSH_DRAW_ENTRIES_EVERY_MS,
    note: 'and on close; the replica that closes a draw writes every entry',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'local', form: 'for its own entries' },
  },
  'draw-closer': {
    does: "Closes the current draw at its window's end and charges down its order; the reconciler's turn finishes one nobody closed or finished",
    everyMs: null,
    note: "a timer at the draw's close, re-armed on every show change",
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: {
      process: 'api',
      how: 'local',
      form: 'each arms its timer; the conditional open → drawing update lets one replica close it',
    },
  },
  'watcher-count': {
    does: "Recounts the members watching and tells this replica's admins when it moved",
    everyMs: COUNT_WATCHERS_EVERY_MS,
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'local', form: "for its own admins' sockets" },
  },
  'socket-tick': {
    does: "Sends every socket the server's time and the show's step (clocks and the reveal countdown)",
    everyMs: SOCKET_TICK_EVERY_MS,
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'local', form: 'for its own sockets' },
  },
  'idle-connection-sweep': {
    does: 'Closes connections gone idle so a draining replica can finish closing',
    everyMs: SWEEP_IDLE_CONNECTIONS_EVERY_MS,
    note: 'only while draining, at shutdown',
    embedded: { process: 'api', form: 'a timer in the API' },
    scaled: { process: 'api', how: 'local', form: 'for its own connections' },
  },
} as const satisfies Record<string, BackgroundTask>;

export type BackgroundTaskName = keyof typeof backgroundTasks;

export const backgroundTaskNames = Object.keys(backgroundTasks) as BackgroundTaskName[];

/** The process that runs `task` in `mode`; every task runs in exactly one. */
export function processOf(task: BackgroundTaskName, mode: BackgroundMode): BackgroundProcess {
  const entry: BackgroundTask = backgroundTasks[task];
  return mode === 'embedded' ? entry.embedded.process : entry.scaled.process;
}

/** The tasks `process` starts in `mode`. */
export function tasksOf(process: BackgroundProcess, mode: BackgroundMode): BackgroundTaskName[] {
  return backgroundTaskNames.filter((task) => processOf(task, mode) === process);
}
