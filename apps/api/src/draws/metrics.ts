import type { DrawStatus } from '@vault/contracts';
import { Counter, type Registry } from 'prom-client';
import type { BuyTransport } from '../core/metrics';

/**
 * The draws' counters, in the app's own metrics registry (core/metrics.ts): entries taken and
 * draws ended. A counter increment per entry — no label set built per call beyond two strings.
 */
export function createDrawMetrics(registry: Registry) {
  const registers = [registry];
  const entries = new Counter({
    name: 'vault_draw_entries_total',
    help: "Draw entries taken through Buy, by whether it was the member's first press (entered) or a repeat (again), and transport",
    labelNames: ['result', 'transport'] as const,
    registers,
  });
  const ended = new Counter({
    name: 'vault_draws_closed_total',
    help: 'Draws that ended, by how (drawn, no_winner, cancelled)',
    labelNames: ['status'] as const,
    registers,
  });
  return {
    entered(first: boolean, transport: BuyTransport) {
      entries.inc({ result: first ? 'entered' : 'again', transport });
    },
    closed(status: Extract<DrawStatus, 'drawn' | 'no_winner' | 'cancelled'>) {
      ended.inc({ status });
    },
  };
}

export type DrawMetrics = ReturnType<typeof createDrawMetrics>;
