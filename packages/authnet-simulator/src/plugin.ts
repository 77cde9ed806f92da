import type { ErrorBody } from '@vault/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptJsSource } from './accept-js';
import { FAULT_KINDS } from './faults';
import { gatewayJson, parseGatewayBody, processingError, unreadableBody } from './gateway-body';
import type { SimulatorReply } from './replies';
import type { Simulator } from './simulator';

/** POST /faults: what to break, and for how many matching requests. */
export const FaultBody = z.object({
  requestType: z.string().max(100).default('*'),
  kind: z.enum(FAULT_KINDS),
  times: z.number().int().min(1).max(100).default(1),
});

/** The gateway's API path under the plugin's prefix; the origin check exempts exactly this route. */
export const REQUEST_API_PATH = '/xml/v1/request.api';
export const ACCEPT_JS_PATH = '/v1/Accept.js';
/** The settlement control: the daily batch, now. */
export const SETTLEMENT_PATH = '/settlement';

export interface SimulatorRoutesOptions {
  simulator: Simulator;
  /** Guards the fault and settlement controls (the host app's admin check); they are not the gateway's. */
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The fault controls' answers (the gateway's own texts live beside each error code in the request handlers). */
const simulatorMessages = {
  faultQueued: 'Fault queued',
  faultsCleared: 'Faults cleared',
  batchSettled: 'Batch settled',
  invalidFault: `A fault needs a kind (${FAULT_KINDS.join(', ')}) and at most 100 times.`,
} as const;

/**
 * The simulator's HTTP face, mounted by the host under a prefix (e.g. /sandbox/authnet):
 * GET /v1/Accept.js, POST /xml/v1/request.api (the gateway, authenticated by merchant
 * credentials like Authorize.Net's) and the admin-only controls: faults, and the settlement batch.
 */
export const simulatorPlugin: FastifyPluginAsync<SimulatorRoutesOptions> = async (app, options) => {
  const { simulator, requireAdmin } = options;

  // Requests being held unanswered; let go when the server closes, or its close would wait out
  // every hold (Fastify waits for requests in flight).
  const holding = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const release of holding) release();
  });
  /**
   * Until the caller's connection closes (its timeout gave up), the server closes, or holdMs.
   * The socket, not the request: a request's 'close' has already fired once its body was read.
   */
  function hold(request: FastifyRequest): Promise<void> {
    const socket = request.raw.socket;
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        socket.off('close', release);
        holding.delete(release);
        resolve();
      };
      const timer = setTimeout(release, simulator.holdMs);
      holding.add(release);
      if (socket.destroyed) release();
      else socket.once('close', release);
    });
  }

  app.get(ACCEPT_JS_PATH, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(acceptJsSource(`${app.prefix}${REQUEST_API_PATH}`)),
  );

  // The gateway endpoint in its own scope, with its own body parsing (gateway-body.ts): every
  // answer, even to a body that is not JSON or too large, is the gateway's envelope.
  await app.register(async (gateway) => {
    gateway.removeAllContentTypeParsers();
    gateway.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    gateway.post(
      REQUEST_API_PATH,
      {
        errorHandler: (error, request, reply) => {
          // Only the body's own failures (too large, aborted, bad encoding) are the gateway's to
          // answer; anything else (a host hook's 403 or 429) goes on to the host's error handler.
          if (!error.code?.startsWith('FST_ERR_CTP_')) throw error;
          request.log.warn({ err: error }, 'simulated gateway could not read a request');
          return reply.status(200).type('application/json; charset=utf-8').send(gatewayJson(unreadableBody()));
        },
      },
      async (request, reply) => {
        const parsed = parseGatewayBody(request.body);
        let result: SimulatorReply;
        try {
          result = parsed.ok ? await simulator.handle(parsed.value) : { body: parsed.failure };
        } catch (error) {
          // A simulator bug must not become a 500: the gateway answers its generic E00001.
          request.log.error({ err: error }, 'simulated gateway failed');
          result = { body: processingError() };
        }
        if ('drop' in result) {
          // The work is done, and the connection goes before any answer: the caller sees a reset.
          request.raw.socket.destroy();
          return reply;
        }
        if ('hang' in result) {
          // Like a gateway that never answers: hold until the caller gives up, then drop the socket
          // (and do any work the gateway does too late for its answer to matter).
          await hold(request);
          reply.raw.destroy();
          await result
            .later?.()
            .catch((error: unknown) => request.log.error({ err: error }, 'late gateway work failed'));
          return reply;
        }
        // Authorize.Net's JSON starts with a UTF-8 byte order mark; so does ours.
        return reply.type('application/json; charset=utf-8').send(gatewayJson(result.body));
      },
    );
  });

  // Demo control, for admins: make the next matching gateway requests fail or hang, on every
  // replica (the queue is in the database).
  app.post('/faults', { preValidation: requireAdmin }, async (request, reply) => {
    const parsed = FaultBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      // The product's refusal shape: the admin's client keys on the code, as on every other route.
      const refusal: ErrorBody = { message: simulatorMessages.invalidFault, code: 'invalid_request' };
      return reply.status(400).send(refusal);
    }
    await simulator.injectFaults({ requestType: parsed.data.requestType, kind: parsed.data.kind }, parsed.data.times);
    return { message: simulatorMessages.faultQueued };
  });
  app.delete('/faults', { preValidation: requireAdmin }, async () => {
    await simulator.clearFaults();
    return { message: simulatorMessages.faultsCleared };
  });

  // Demo and test control, for admins: settle everything captured or refunded so far, without
  // waiting for the daily cut-off (refunds need a settled capture).
  app.post(SETTLEMENT_PATH, { preValidation: requireAdmin }, async () => {
    const settled = await simulator.settleNow();
    return { message: simulatorMessages.batchSettled, settled };
  });
};
