import type { BuyAttemptOutcome } from '@vault/db';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { GatewayFailure } from './gateway';

/** How a Buy press ended, as an operator reads a live show. */
/** The same outcomes the show report counts per item (item_buy_attempts). */
export type BuyOutcome = BuyAttemptOutcome;
export type BuyTransport = 'http' | 'socket';
/** A gateway call's result: 'ok', or why it failed. */
export type GatewayResult = 'ok' | GatewayFailure;

/** Sub-second work (a Buy, a query, a fan-out) with a tail up to the gateway's timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One app instance's Prometheus metrics, in a registry of its own: tests build several apps in one
 * process, and prom-client's global registry refuses a second metric of the same name. Gauges that
 * describe live state (open sockets, watchers) read it at scrape time from the sources their
 * owners set (live-show/realtime.ts), so nothing has to keep them in step.
 */
export function createApiMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vault_api_' });
  const registers = [registry];
  const sources = {
    openSockets: (): number => 0,
    watchers: (): number => 0,
  };

  const http = new Histogram({
    name: 'vault_http_request_duration_seconds',
    help: 'HTTP requests served, by method, route pattern and status code, and how long each took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const buys = new Counter({
    name: 'vault_buy_total',
    help: 'Buy presses answered, by outcome (won, sold, declined, refused, error, timeout, replay) and transport (http, socket)',
    labelNames: ['outcome', 'transport'] as const,
    registers,
  });
  const buySeconds = new Histogram({
    name: 'vault_buy_duration_seconds',
    help: 'Time from a Buy press reaching this replica to its answer, by outcome and transport',
    labelNames: ['outcome', 'transport'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const claimSeconds = new Histogram({
    name: 'vault_buy_claim_duration_seconds',
    help: 'Time of the sale claim in the database (the conditional UPDATE that picks the one winner), by whether it claimed the item',
    labelNames: ['result'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const gatewaySeconds = new Histogram({
    name: 'vault_gateway_request_duration_seconds',
    help: 'Payment gateway calls, by operation and result (ok, declined, error, timeout, unavailable), and how long each took',
    labelNames: ['operation', 'result'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const gatewayFailures = new Counter({
    name: 'vault_gateway_failures_total',
    help: 'Payment gateway calls that failed, by operation and failure type (declined, error, timeout, unavailable)',
    labelNames: ['operation', 'failure'] as const,
    registers,
  });
  new Gauge({
    name: 'vault_sockets_open',
    help: 'Socket.IO connections open on this replica',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  new Gauge({
    name: 'vault_show_watchers',
    help: 'Members with the show screen open across every replica (each replica reports the same total: take max)',
    registers,
    collect() {
      this.set(sources.watchers());
    },
  });
  const fanoutSeconds = new Histogram({
    name: 'vault_fanout_duration_seconds',
    help: "Time to encode and write one show update to every socket of this replica, by event (a change's ops, or the full state)",
    labelNames: ['event'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const reconciled = new Counter({
    name: 'vault_reconciler_actions_total',
    help: 'What the sale-claim reconciler did, by action (settled, released, voided, failed)',
    labelNames: ['action'] as const,
    registers,
  });
  const sessionLookups = new Counter({
    name: 'vault_session_cache_lookups_total',
    help: "Session lookups, by whether this replica's session cache answered (hit) or the database did (miss)",
    labelNames: ['result'] as const,
    registers,
  });

  return {
    registry,
    /** Where the scrape-time gauges read from; realtime sets them once Socket.IO is up. */
    sources,
    http(method: string, route: string, status: number, seconds: number) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    buy(outcome: BuyOutcome, transport: BuyTransport, seconds: number) {
      buys.inc({ outcome, transport });
      buySeconds.observe({ outcome, transport }, seconds);
    },
    claim(claimed: boolean, seconds: number) {
      claimSeconds.observe({ result: claimed ? 'claimed' : 'refused' }, seconds);
    },
    gateway(operation: string, result: GatewayResult, seconds: number) {
      gatewaySeconds.observe({ operation, result }, seconds);
      if (result !== 'ok') gatewayFailures.inc({ operation, failure: result });
    },
    fanout(event: 'change' | 'state', seconds: number) {
      fanoutSeconds.observe({ event }, seconds);
    },
    reconciled(report: { settled: number; released: number; voided: number; failed: number }) {
      for (const action of ['settled', 'released', 'voided', 'failed'] as const) {
        if (report[action] > 0) reconciled.inc({ action }, report[action]);
      }
    },
    sessionLookup(hit: boolean) {
      sessionLookups.inc({ result: hit ? 'hit' : 'miss' });
    },
  };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;
