import { openTestDatabase, openTestRedis, type TestDatabase, type TestRedis } from '@vault/testing';
import { QueueEvents } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMaintenance } from '../src/processors/maintenance';

describe('worker maintenance queue on Postgres and Redis', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let maintenance: Awaited<ReturnType<typeof startMaintenance>>;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = await openTestRedis();
    maintenance = await startMaintenance({
      db: database.db,
      connection: redis.redis,
      prefix: redis.prefix,
      log: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await maintenance?.worker.close();
    await maintenance?.queue.close();
    await redis?.dispose();
    await database?.dispose();
  });

  it('registers one periodic pruning schedule, however many workers start', async () => {
    const second = await startMaintenance({
      db: database.db,
      connection: redis.redis,
      prefix: redis.prefix,
      log: pino({ level: 'silent' }),
    });
    await second.worker.close();
    await second.queue.close();
    const schedulers = await maintenance.queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toEqual(['prune-sessions']);
  });

  it('prunes expired sessions and keeps live ones', async () => {
    const hour = 3600_000;
    await database.db
      .insertInto('sessions')
      .values([
        { sid: 'expired', sess: '{}', expire: new Date(Date.now() - hour) },
        { sid: 'live', sess: '{}', expire: new Date(Date.now() + hour) },
      ])
      .execute();
    const events = new QueueEvents('maintenance', { connection: redis.redis.duplicate(), prefix: redis.prefix });
    await events.waitUntilReady();
    const job = await maintenance.queue.add('prune-sessions', { type: 'prune-sessions' });
    const result = await job.waitUntilFinished(events, 10_000);
    await events.close();
    expect(result).toEqual({ count: 1 });
    const left = await database.db.selectFrom('sessions').select('sid').execute();
    expect(left.map((s) => s.sid)).toEqual(['live']);
  });
});
