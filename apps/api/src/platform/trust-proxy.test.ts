import { describe, expect, it } from 'vitest';
import { loadApiEnv } from '../env';
import { fastifyTrustProxy } from './trust-proxy';

const trustProxy = (TRUST_PROXY?: string) => loadApiEnv({ TRUST_PROXY }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default or when false', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('reads true as one hop (the proxy in front), never as "trust every hop"', () => {
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('yes')).toBe(1);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.2, 172.16.0.0/12,fd00::/8, loopback')).toEqual([
      '10.0.0.2',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['everything', '10.0.0.0/33', '10.0.0.1/8/2', '999'])('refuses %s with one clear message', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: must be false, a hop count, or proxy addresses/);
  });

  it('turns a hop count into a hop function (Fastify ignores a bare number)', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([trust('10.0.0.2', 0), trust('1.2.3.4', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(0)).toBe(false);
  });
});
