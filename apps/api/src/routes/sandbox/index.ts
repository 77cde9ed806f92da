import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { acceptJsSource } from '../../payments/simulator/accept-js';
import { SIMULATOR_PREFIX } from '../../plugins/payments';

const FaultBody = z.object({
  requestType: z.string().default('*'),
  kind: z.enum(['error', 'timeout']),
  times: z.number().int().min(1).max(100).default(1),
});

/** The local Authorize.Net simulator's endpoints (simulator mode only). */
const sandbox: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const simulator = app.payments.simulator;
  if (!simulator) return;

  app.get('/v1/Accept.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(acceptJsSource(`${SIMULATOR_PREFIX}/xml/v1/request.api`)),
  );

  app.post('/xml/v1/request.api', async (request, reply) => {
    const result = await simulator.handle(request.body);
    if ('hang' in result) {
      // Like a gateway that never answers: hold until the caller gives up, then drop the socket.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, simulator.holdMs);
        request.raw.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      reply.raw.destroy();
      return reply;
    }
    // Authorize.Net's JSON starts with a UTF-8 byte order mark; so does ours.
    return reply.type('application/json; charset=utf-8').send(`\uFEFF${JSON.stringify(result.body)}`);
  });

  // Demo control, for admins: make the next matching gateway requests fail or hang.
  app.post('/faults', { preValidation: app.requireAdmin, schema: { body: FaultBody } }, async (request) => {
    const fault = request.body;
    simulator.injectFaults({ requestType: fault.requestType, kind: fault.kind }, fault.times);
    return { message: 'Fault queued' };
  });
  app.delete('/faults', { preValidation: app.requireAdmin }, async () => {
    simulator.clearFaults();
    return { message: 'Faults cleared' };
  });
};

export default sandbox;
