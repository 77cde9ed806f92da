import { backends } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorDb } from '../src/index';
import { postGateway } from './support/gateway';
import { SIMULATOR_PREFIX, type SimulatorHost, startSimulatorHost } from './support/simulator-host';

// The demo's fault controls (POST and DELETE …/faults): what they answer, and that the host's
// admin guard stands in front of them.

describe.each(backends)('the fault controls, on %s', (backend) => {
  let t: SimulatorHost;
  let guarded: SimulatorHost;

  beforeAll(async () => {
    t = await startSimulatorHost(backend);
    guarded = await startSimulatorHost(backend, {
      requireAdmin: async (_request, reply) => {
        await reply.status(403).send({ message: 'Admins only.', code: 'admin_only' });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await guarded?.close();
  });

  const faults = (host: SimulatorHost, method: 'POST' | 'DELETE', payload?: object) =>
    host.app.inject({ method, url: `${SIMULATOR_PREFIX}/faults`, ...(payload ? { payload } : {}) });
  const getProfile = async () => {
    const { apiLoginId, transactionKey } = t.credentials;
    const reply = await postGateway(t.endpoint, {
      getCustomerProfileRequest: {
        merchantAuthentication: { name: apiLoginId, transactionKey },
        customerProfileId: '123456789',
      },
    });
    return reply.json.messages.message[0].code;
  };

  it('refuses a fault it cannot run with { message, code }, like every refusal of the product', async () => {
    const refused = await faults(t, 'POST', { kind: 'meltdown' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'A fault needs a kind (error, timeout, lost-answer, dropped-answer, late-work, pass) and at most 100 times.',
      code: 'invalid_request',
    });
    expect((await faults(t, 'POST', { kind: 'error', times: 101 })).statusCode).toBe(400);
    expect(await getProfile()).toBe('E00040');
  });

  it('queues a fault for the next matching request and clears what is left', async () => {
    const queued = await faults(t, 'POST', { kind: 'error', requestType: 'getCustomerProfileRequest', times: 2 });
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toEqual({ message: 'Fault queued' });
    expect(await getProfile()).toBe('E00001');
    const cleared = await faults(t, 'DELETE');
    expect(cleared.json()).toEqual({ message: 'Faults cleared' });
    expect(await getProfile()).toBe('E00040');
  });

  it("answers only through the host's admin guard", async () => {
    expect((await faults(guarded, 'POST', { kind: 'error' })).statusCode).toBe(403);
    expect((await faults(guarded, 'DELETE')).statusCode).toBe(403);
    expect(await simulatorDb(guarded.database).selectFrom('authnetSimFaults').selectAll().execute()).toEqual([]);
  });
});
