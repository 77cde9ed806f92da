import { setTimeout as sleep } from 'node:timers/promises';
import { socketEvents } from '@vault/contracts';
import { inBatches } from './bench-app';
import type { CheapSocket, EventFrame } from './engine-io-client';
import { cpuMsOfTree, machineBusyMs, settle } from './fanout-cpu';
import { ms, percentiles, summarize, summaryLine } from './stats';

// One side of bench:fanout (the bare floor or the API): connect the clients, publish the rounds,
// time each delivery, and print what the rounds cost.

const ROUND_TIMEOUT_MS = 30_000;
/**
 * Publishes made first and not counted, on both sides: a server's first broadcasts to thousands
 * of sockets run cold code (the bare server's first three took 29–36 ms to write to 2,000 sockets,
 * the next ~20), while the API's once-a-second ticks have warmed its broadcast path by then.
 */
export const WARMUP = 3;
/** The full view, or the change alone (the API sends whichever is smaller): either, with the new step, is the receipt. */
export const RECEIPTS = new Set<string>([socketEvents.state, socketEvents.change]);

/** What a client saw of an event frame; socket.io-client does not tell its size on the wire. */
export type Frame = Omit<EventFrame, 'bytes'> & { bytes: number | null };
export type Open = (onFrame: (frame: Frame) => void) => Promise<CheapSocket>;

export interface Side {
  label: string;
  /** The server's process, whose CPU is read from /proc. */
  pid: number;
  open: Open;
  /**
   * Publishes round `round`'s change, calling `expect` with its step before it can arrive. Resolves
   * with how long after serverTime the server had written it to every socket, when it tells.
   */
  publish(round: number, expect: (step: number) => void): Promise<number | null>;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** One round, from its first receipt to its last: wall ms; CPU ms of the client, the server and every other process. */
interface Window {
  wall: number;
  client: number;
  server: number;
  others: number;
  /** The round's slowest delivery (ms). */
  max: number;
  /** Last arrival − the server's last write (ms): how far the client lagged behind, when known. */
  lag: number | null;
}

export interface Result {
  clients: number;
  latencies: number[];
  bytes: number[];
  windows: Window[];
  connectMs: number;
}

export async function measure(side: Side, clients: number, rounds: number): Promise<Result> {
  const result: Result = { clients, latencies: [], bytes: [], windows: [], connectMs: 0 };
  let round = -1;
  let expected = Number.POSITIVE_INFINITY;
  let received = 0;
  let before = 0;
  let roundMax = 0;
  let start = { wall: 0, cpu: process.cpuUsage(), server: 0, machine: 0 };
  let complete = (_window: Window) => {};
  const onReceipt = (frame: Frame, serverTime: number) => {
    const latency = frame.arrivedAt - serverTime;
    result.latencies.push(latency);
    roundMax = Math.max(roundMax, latency);
    if (frame.bytes !== null) result.bytes.push(frame.bytes);
    received++;
    // Readings at the first and the last receipt of a round, so the window is the delivery itself.
    if (received === before + 1)
      start = {
        wall: performance.now(),
        cpu: process.cpuUsage(),
        server: cpuMsOfTree(side.pid),
        machine: machineBusyMs(),
      };
    if (received !== before + clients) return;
    const cpu = process.cpuUsage(start.cpu);
    const client = (cpu.user + cpu.system) / 1000;
    const server = cpuMsOfTree(side.pid) - start.server;
    const others = machineBusyMs() - start.machine - client - server;
    complete({ wall: performance.now() - start.wall, client, server, others, max: roundMax, lag: null });
  };

  const sockets: CheapSocket[] = [];
  const connectStarted = Date.now();
  try {
    await inBatches(clients, async () => {
      let ready = () => {};
      const firstView = new Promise<void>((resolve) => {
        ready = resolve;
      });
      let counted = -1;
      const socket = await side.open((frame) => {
        if (!RECEIPTS.has(frame.name)) return;
        ready();
        if (counted === round || frame.step === null || frame.step < expected || frame.serverTime === null) return;
        counted = round;
        onReceipt(frame, frame.serverTime);
      });
      sockets.push(socket);
      await firstView;
    });
    result.connectMs = Date.now() - connectStarted;
    await settle(side.pid);

    for (round = 0; round < WARMUP + rounds; round++) {
      if (round === WARMUP) Object.assign(result, { latencies: [], bytes: [], windows: [] });
      before = received;
      roundMax = 0;
      const done = new Promise<Window | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), ROUND_TIMEOUT_MS);
        complete = (window) => {
          clearTimeout(timer);
          resolve(window);
        };
      });
      const sentMs = await side.publish(round, (step) => {
        expected = step;
      });
      const window = await done;
      if (window) result.windows.push({ ...window, lag: sentMs === null ? null : roundMax - sentMs });
      else console.log(`${side.label} round ${round}: ${received - before} of ${clients} received it`);
      await sleep(300);
    }
    return result;
  } finally {
    await Promise.all(sockets.map((socket) => socket.close()));
  }
}

export function report(label: string, result: Result, rounds: number) {
  const s = summarize(result.latencies);
  const sum = (key: 'wall' | 'client' | 'server' | 'others') => result.windows.reduce((total, w) => total + w[key], 0);
  const wall = sum('wall');
  const share = (key: 'client' | 'server' | 'others') => `${((100 * sum(key)) / wall).toFixed(0)}%`;
  const bytes = result.bytes.length ? `${Math.round(mean(result.bytes))} B` : 'n/a';
  const perDelivery = (1000 * sum('client')) / (result.clients * result.windows.length);
  const maxima = percentiles(result.windows.map((w) => w.max));
  const lags = result.windows.flatMap((w) => (w.lag === null ? [] : [w.lag]));
  console.log(`${label} — ${result.clients} clients, connected in ${(result.connectMs / 1000).toFixed(1)} s`);
  console.log(`  publish → receipt: ${summaryLine(result.latencies)}`);
  console.log(`  deliveries ${s.count} of ${result.clients * rounds} · payload ${bytes} per delivery`);
  // One slow round (a GC, a burst elsewhere on the machine) makes the p99: this shows how typical it is.
  console.log(`  slowest delivery of a round: median ${ms(maxima(50))}, worst ${ms(maxima(100))}`);
  console.log(
    `  first → last receipt of a round: ${ms(wall / Math.max(1, result.windows.length))} on average; CPU in it ` +
      `(of one core): client ${share('client')} (${perDelivery.toFixed(1)} µs per delivery), ` +
      `server ${share('server')}, other processes ${share('others')}`,
  );
  if (lags.length)
    console.log(
      `  last arrival − the server's last write: ${ms(mean(lags))} on average, ${ms(Math.max(...lags))} at most (the client's own lag)`,
    );
  if (sum('others') > 0.25 * wall)
    console.log('  ⚠ other processes took a quarter of a core or more: run again on a quiet machine');
  return s;
}
