import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// axe-core (through @axe-core/playwright, the rules of axe-core's own release) on a page as it is
// on screen: WCAG 2.x A and AA and axe's best practices, every rule it ships but the experimental
// ones. Only serious and critical findings fail a test; moderate and minor ones are reported by
// Lighthouse's accessibility score instead.

const BLOCKING = new Set(['serious', 'critical']);

/** Settling longer than this is a finding of its own: the page is animating without end. */
const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Waits until no finite animation is running (a toast sliding in, a dialog fading up): halfway
 * through a fade, text is measured against a half-drawn background and axe reports a contrast the
 * member never reads. Endless ones (spinners, the live dot) are what the member sees, and stay.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: SETTLE_TIMEOUT_MS },
  );
}

/** The serious and critical violations on `page` now, one readable line per rule and the elements it names. */
export async function blockingViolations(page: Page, screen: string): Promise<string[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => {
      // Each element with axe's own reason (a contrast ratio and its colours, a missing name).
      const targets = v.nodes
        .map((n) => `${n.target.join(' ')} [${[...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ')}]`)
        .join(' | ');
      return `${screen}: ${v.id} (${v.impact}) ${v.help}: ${targets} — ${v.helpUrl}`;
    });
}

/** Collects every screen's findings, so one run names them all instead of stopping at the first. */
export function axeLedger() {
  const found: string[] = [];
  return {
    async check(page: Page, screen: string): Promise<void> {
      found.push(...(await blockingViolations(page, screen)));
    },
    /** What was found since the last call, and forgets it. */
    take(): string[] {
      return found.splice(0);
    },
  };
}
