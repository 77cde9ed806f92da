import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@vault/db';
import { freePort, killNow, type RunningProcess, seedOnboardedMembers, startProcess } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';

const running: RunningProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

describe('a process that dies between claim and purchase (embedded, real process)', () => {
  it('records the purchase on restart when the gateway had authorised', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vault-crash-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), SERVE_WEB: 'false', LOG_LEVEL: 'info' };
    const start = (extra: Record<string, string> = {}) => {
      const proc = startProcess('apps/api/src/main.ts', { ...env, ...extra });
      running.push(proc);
      return proc;
    };

    // First start: migrate and seed; then set the scene with the app stopped (PGlite has one owner).
    const first = start();
    await first.waitFor('Server listening');
    expect(await first.stop()).toBe(0);
    const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { sessionSecret: string };
    let handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    // A card whose authorisation goes through at the gateway but whose answer never comes back.
    const [member] = await seedOnboardedMembers(handle.db, {
      count: 1,
      sessionSecret: secrets.sessionSecret,
      card: 'timeout-charge',
    });
    const show = await handle.db.selectFrom('shows').selectAll().where('kind', '=', 'live').executeTakeFirstOrThrow();
    const item = await handle.db
      .selectFrom('showItems')
      .selectAll()
      .where('showId', '=', show.id)
      .orderBy('orderIndex')
      .limit(1)
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable('shows')
      .set({ status: 'running', phase: 'showing', currentIndex: 0, phaseEndsAt: new Date(Date.now() + 600_000) })
      .where('id', '=', show.id)
      .execute();
    await handle.db.updateTable('showItems').set({ status: 'showing' }).where('id', '=', item.id).execute();
    await handle.close();
    if (!member) throw new Error('seeding failed');

    // Second start: the member presses Buy; the gateway hangs (60 s timeout); the process dies.
    const second = start({ AUTHNET_TIMEOUT_MS: '60000' });
    await second.waitFor('Server listening');
    const pressed = fetch(`http://127.0.0.1:${port}/api/show/buy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, cookie: member.cookie },
      body: JSON.stringify({ showItemId: item.id }),
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await killNow(second);
    expect(await pressed).toBeInstanceOf(Error);

    handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    const claims = await handle.db.selectFrom('saleClaims').selectAll().where('showItemId', '=', item.id).execute();
    expect(claims).toMatchObject([{ status: 'pending', userId: member.userId }]);
    expect(await handle.db.selectFrom('purchases').selectAll().execute()).toEqual([]);
    await handle.close();

    // Third start: the reconciler finds the authorisation by its invoice number and records the sale.
    const third = start();
    await third.waitFor('sale claims reconciled');
    const purchases = await fetch(`http://127.0.0.1:${port}/api/purchases`, { headers: { cookie: member.cookie } });
    expect(purchases.status).toBe(200);
    expect(await purchases.json()).toMatchObject([{ showItemId: item.id, status: 'authorized', amount: item.price }]);
    const state = (await (
      await fetch(`http://127.0.0.1:${port}/api/show/state`, { headers: { cookie: member.cookie } })
    ).json()) as { show: { lineup: unknown[] } };
    expect(state.show.lineup[0]).toMatchObject({ id: item.id, status: 'sold' });
  }, 120_000);
});
