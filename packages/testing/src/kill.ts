import { execFileSync } from 'node:child_process';
import type { RunningProcess } from './processes';

/** Every process below `pid`, deepest first. */
function descendantsOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there are none.
  }
  return children.flatMap((child) => [...descendantsOf(child), child]);
}

/**
 * kill -9 of a started app, as a crash: tsx runs the app in a child process of its own, so the
 * app goes first, then tsx, with no chance to run a shutdown hook or answer a request in flight.
 * Resolves once the process has exited; throws if it has not within `timeoutMs`.
 */
export async function killNow(proc: RunningProcess, timeoutMs = 10_000): Promise<void> {
  const { child } = proc;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const pid of descendantsOf(child.pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
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
