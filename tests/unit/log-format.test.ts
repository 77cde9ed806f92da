import { loadApiEnv } from '@vault/api/env';
import { vapidEnv } from '@vault/testing';
import { loadWorkerEnv } from '@vault/worker/env';
import { describe, expect, it } from 'vitest';

describe('LOG_FORMAT', () => {
  const scaled = { DATABASE_URL: 'postgres://h/db', REDIS_URL: 'redis://h:6379', ...vapidEnv() };
  it('is json unless NODE_ENV=development is set, for the API and the worker', () => {
    expect(loadApiEnv({}).LOG_FORMAT).toBe('json');
    expect(loadApiEnv({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    expect(loadApiEnv({ NODE_ENV: 'development' }).LOG_FORMAT).toBe('pretty');
    expect(loadApiEnv({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadWorkerEnv(scaled).LOG_FORMAT).toBe('json');
    expect(loadWorkerEnv({ ...scaled, NODE_ENV: 'development' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadApiEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
