import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

// CPU readings from /proc for bench:fanout, so its report can say how much of a delivery window was the
// client's, the server's and other processes' work.

/** CPU time (ms) used by a process and its descendants (tsx runs the server in a child node). Linux: 100 ticks/s. */
export function cpuMsOfTree(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) " come the fields from the 3rd on; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) * 10;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return children.reduce((sum, child) => sum + cpuMsOfTree(Number(child)), own);
  } catch {
    return Number.NaN;
  }
}

/** Busy CPU time (ms) of the whole machine, all cores: the rest of it is what other processes used. */
export function machineBusyMs(): number {
  // cpu  user nice system idle iowait irq softirq steal …, in ticks of 10 ms.
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * 10;
}

/**
 * Waits (up to 20 s) until the server uses under a quarter of a core, so that connect-time work
 * (the API's role query per socket) does not land in the first rounds. NaN (no /proc) does not wait.
 */
export async function settle(pid: number) {
  for (let i = 0; i < 40; i++) {
    const before = cpuMsOfTree(pid);
    await sleep(500);
    if (!((cpuMsOfTree(pid) - before) / 500 >= 0.25)) return;
  }
}
