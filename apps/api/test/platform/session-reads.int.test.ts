import { randomBytes } from 'node:crypto';
import { backends, openTestDatabase, type TestDatabase } from '@vault/testing';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveSessionReader } from '../../src/platform/session/repository';

/**
 * Thousands of members pressing at once over their sockets, each session unread for seconds: the
 * reads go to the database as a few queries, not one each (one each queued thousands of queries on
 * a pool of ten, and the pool's wait answered them 503).
 */
describe.each(backends)('reading sessions in a burst on %s', (backend) => {
  let database: TestDatabase;
  const sids: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const future = new Date(Date.now() + 3_600_000);
    const rows = Array.from({ length: 1_200 }, (_, i) => {
      const sid = randomBytes(16).toString('hex');
      sids.push(sid);
      // Every tenth has expired: a read never returns it.
      const expire = i % 10 === 0 ? new Date(Date.now() - 1000) : future;
      return { sid, sess: JSON.stringify({ userId: `member-${i}` }), expire };
    });
    for (let i = 0; i < rows.length; i += 400) {
      await database.db
        .insertInto('sessions')
        .values(rows.slice(i, i + 400))
        .execute();
    }
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('answers 1,200 reads at once (and repeats) with three queries, each session its own row', async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const read = createLiveSessionReader(database.db.withPlugin(counting));
    const unknown = randomBytes(16).toString('hex');
    const asked = [...sids, ...sids.slice(0, 50), unknown];
    const answers = await Promise.all(asked.map((sid) => read(sid)));
    expect(queries).toBe(3);
    answers.forEach((answer, i) => {
      const index = i < sids.length ? i : i < sids.length + 50 ? i - sids.length : -1;
      if (index === -1 || index % 10 === 0) expect(answer).toBeUndefined();
      else expect(answer?.sess).toEqual({ userId: `member-${index}` });
    });
    // A read in a later turn is a query of its own.
    expect((await read(sids[1] ?? ''))?.sess).toEqual({ userId: 'member-1' });
    expect(queries).toBe(4);
  });
});
