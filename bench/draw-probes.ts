// bench:draw's health probes: what members who are not entering see of the live show while the
// entries pour in. Each probe is open-loop: one watcher after another is asked at a fixed pace
// whether or not the last answer came back, so a server that stalls shows as slow answers, not as
// fewer questions. Samples carry their send time, so one run is cut into a quiet window and the
// bursts afterwards.

/** One answered probe: when it was sent (performance.now()) and how long its answer took (ms). */
export interface ProbeSample {
  at: number;
  ms: number;
}

export interface Probe {
  label: string;
  /** The answers' latencies (ms) of the probes sent between `from` and `to` (performance.now()). */
  within(from: number, to: number): number[];
  /** Probes that failed or were never answered, by then. */
  failed(): number;
  /** Stops sending and waits for the probes in flight. */
  stop(): Promise<void>;
}

/**
 * Calls `ask(w)` for watcher w = 0, 1, … in turn, so that each of `watchers` is asked every
 * `everyMs` (the first when this is called). A rejection counts as a failure.
 */
export function startProbe(
  label: string,
  watchers: number,
  everyMs: number,
  ask: (watcher: number) => Promise<unknown>,
): Probe {
  const samples: ProbeSample[] = [];
  const inFlight = new Set<Promise<void>>();
  let failures = 0;
  let turn = 0;
  const send = () => {
    const watcher = turn++ % watchers;
    const at = performance.now();
    const probe = ask(watcher).then(
      () => {
        samples.push({ at, ms: performance.now() - at });
      },
      () => {
        failures++;
      },
    );
    inFlight.add(probe);
    void probe.finally(() => inFlight.delete(probe));
  };
  send();
  const timer = setInterval(send, everyMs / watchers);
  return {
    label,
    within: (from, to) => samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.ms),
    failed: () => failures,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
