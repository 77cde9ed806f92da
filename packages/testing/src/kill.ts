import type { RunningProcess } from './processes';

/**
 * kill -9 of a started app, as a crash: no shutdown hook runs, no request in flight is answered.
 * (startProcess runs the app as node itself, so there is no process tree to take down.) Resolves
 * once the process has exited; throws if it has not within `timeoutMs`.
 */
export async function killNow(proc: RunningProcess, timeoutMs = 10_000): Promise<void> {
  const { child } = proc;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`process ${child.pid} still running ${timeoutMs} ms after SIGKILL`)),
      timeoutMs,
    );
  });
  await Promise.race([exited, late]).finally(() => clearTimeout(timer));
}
