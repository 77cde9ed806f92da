import {
  type BackgroundMode,
  type BackgroundProcess,
  type BackgroundTaskName,
  backgroundTasks,
  processOf,
} from './registry';

export interface BackgroundStart {
  task: BackgroundTaskName;
  process: BackgroundProcess;
  mode: BackgroundMode;
}

const listeners = new Set<(start: BackgroundStart) => void>();

/**
 * Hears every background task as it starts, in this process. Tests use it to check each task
 * starts exactly where the registry says; returns the unsubscribe.
 */
export function onBackgroundStart(listener: (start: BackgroundStart) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface Background {
  readonly process: BackgroundProcess;
  readonly mode: BackgroundMode;
  /** Whether the registry puts `task` in this process in this mode. */
  runsHere(task: BackgroundTaskName): boolean;
  /**
   * Starts `task` through `start` (returning what it returns). A start the registry does not
   * place here throws: two processes running the same once-per-cluster work would do it twice.
   */
  start<T>(task: BackgroundTaskName, start: () => T): T;
  /** Starts `task` as a repeating timer (see `every`); returns its stop. */
  every(task: BackgroundTaskName, run: () => void, everyMs?: number): () => void;
}

/** The background work of one process (the API or a worker) in one mode. */
export function backgroundIn(process: BackgroundProcess, mode: BackgroundMode): Background {
  const runsHere = (task: BackgroundTaskName) => processOf(task, mode) === process;
  function start<T>(task: BackgroundTaskName, begin: () => T): T {
    if (!runsHere(task)) {
      const where = processOf(task, mode);
      throw new Error(`${task} runs in the ${where} when ${mode}, not in the ${process}`);
    }
    for (const listener of listeners) listener({ task, process, mode });
    return begin();
  }
  return {
    process,
    mode,
    runsHere,
    start,
    every: (task, run, everyMs) => start(task, () => every(task, run, everyMs)),
  };
}

/**
 * A repeating timer for `task`, every `everyMs` (the registry's period unless the config sets
 * another). Unref'd: background work never keeps a process alive. Returns its stop.
 */
export function every(task: BackgroundTaskName, run: () => void, everyMs?: number): () => void {
  const period = everyMs ?? backgroundTasks[task].everyMs;
  if (period === null) throw new Error(`${task} has no period`);
  const timer = setInterval(run, period);
  timer.unref();
  return () => clearInterval(timer);
}
