import { type DatabaseHandle, openDatabase } from '@vault/db';
import { type Cluster, launchChromium, type SeededMember, seedOnboardedMembers, startCluster } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyClient } from '../../apps/api/test/support/through-proxy';
import { connectionStatus, shotBothWidths, toastText } from './support/browser-helpers';

/**
 * Members' browsers on the scaled stack as docker-compose runs it: Debian's HAProxy on the shipped
 * config in front of two API replicas and two workers. One browser on WebSocket, one whose
 * WebSocket is blocked (Socket.IO stays on long-polling, which only works pinned to one replica).
 */
describe("members' browsers behind Debian's HAProxy, through a replica's restart", () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  let browser: Browser;
  let members: SeededMember[];
  const pages: Array<{ page: Page; servedBy: string[] }> = [];

  beforeAll(async () => {
    cluster = await startCluster({ apis: 2, workers: 2, apiEnv: { SERVE_WEB: 'true' } });
    database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
    members = await seedOnboardedMembers(database.db, { count: 2, sessionSecret: cluster.sessionSecret });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await cluster?.stop();
  });

  /** A member's phone: signed in, every answer's replica recorded. */
  async function memberPage(member: SeededMember, options: { blockWebSocket: boolean }) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const [name = '', value = ''] = member.cookie.split('=');
    await context.addCookies([{ name, value, url: cluster.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    if (options.blockWebSocket) await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    const servedBy: string[] = [];
    page.on('response', (response) => {
      const by = response.headers()['x-served-by'];
      if (by && response.url().startsWith(cluster.url)) servedBy.push(by);
    });
    pages.push({ page, servedBy });
    return { page, servedBy };
  }

  it('pins each browser to one replica, on WebSocket and on long-polling, and moves it when that replica restarts', async () => {
    const client = proxyClient(cluster);
    const admin = await client.adminCookie();
    const onSocket = await memberPage(members[0] as SeededMember, { blockWebSocket: false });
    const onPolling = await memberPage(members[1] as SeededMember, { blockWebSocket: true });
    for (const { page } of [onSocket, onPolling]) {
      await page.goto(`${cluster.url}/show`);
      await connectionStatus(page, 'Live').waitFor({ timeout: 20_000 });
    }
    // A long first knife: the restart happens while it is on screen.
    await client.startShow(admin, { items: 2, perKnifeSeconds: 90, intermissionSeconds: 1 });
    for (const { page } of [onSocket, onPolling]) {
      await page.getByRole('heading', { name: 'Knife 1' }).waitFor({ timeout: 20_000 });
    }
    // Long-polling carries the show only because every one of its requests reached one replica.
    for (const { servedBy } of [onSocket, onPolling]) expect(new Set(servedBy).size).toBe(1);
    const pinnedTo = onSocket.servedBy[0] ?? '';
    const index = pinnedTo === cluster.serverName(0) ? 0 : 1;
    const other = cluster.serverName(1 - index);
    await shotBothWidths(onPolling.page, 'vault-haproxy', 'before-restart');

    // A rolling deploy's SIGTERM to the socket member's replica.
    const before = onSocket.servedBy.length;
    const stoppedAt = Date.now();
    expect(await cluster.apis[index]?.stop(20_000)).toBe(0);
    await expect
      .poll(() => onSocket.servedBy.slice(before).includes(other), { timeout: 5000, interval: 50 })
      .toBe(true);
    await connectionStatus(onSocket.page, 'Live').waitFor({ timeout: 5000 });
    const movedMs = Date.now() - stoppedAt;
    console.log(
      `[browser-haproxy] the socket member was live again on ${other} ${movedMs} ms after SIGTERM to ${pinnedTo}`,
    );
    expect(movedMs).toBeLessThan(2000 + 1000); // the 2 s target plus this replica's own exit

    // Buying still works, now on the other replica.
    await onSocket.page.getByRole('button', { name: 'Buy Now $25.00' }).click();
    expect(await toastText(onSocket.page, 'Purchase Successful!')).toContain('Knife 1');
    await onPolling.page.getByText(/sold/i).first().waitFor({ timeout: 5000 });
    const purchases = await database.db.selectFrom('purchases').select('userId').execute();
    expect(purchases.map((p) => p.userId)).toEqual([members[0]?.userId]);
    await shotBothWidths(onSocket.page, 'vault-haproxy', 'after-restart-bought');
    await cluster.startApi(index);
  }, 180_000);
});
