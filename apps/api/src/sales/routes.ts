import { BuyBody, BuyResponse, DrawEntered, ErrorBody, IDEMPOTENCY_HEADER, IdempotencyKey } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { holdRefusal } from './press-budget';

/**
 * POST /api/show/buy {showItemId}: the Buy Now button and the test product's swipe-to-buy alike. Behind a
 * session check the session cache answers, so a refused buyer of a sold item costs no query, and
 * behind the member's press budget (sales/press-budget.ts): 429 `too_many_presses`. A member whose
 * buying an admin suspended is refused 403 `buying_suspended` from memory; every other press of the
 * item on screen is recorded (presses/), with how soon after its reveal it came.
 */
const buy: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/buy',
    {
      preValidation: app.requireSession,
      schema: {
        body: BuyBody,
        headers: z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKey.optional() }),
        response: {
          200: BuyResponse,
          202: DrawEntered,
          402: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      // When the press arrived (before the session check ran), stamped before any await.
      const received = app.presses.received(Math.round(Date.now() - reply.elapsedTime));
      const userId = request.session.get('userId') ?? '';
      const { showItemId } = request.body;
      const key = request.headers[IDEMPOTENCY_HEADER] ?? null;
      // Before any query: a member pressing faster than a person can is refused from memory, the
      // refusal held until their next press would be allowed (holdRefusal).
      try {
        app.sales.budget.spend(userId, showItemId, key);
      } catch (refusal) {
        await holdRefusal(app.sales.budget.waitMs(userId));
        throw refusal;
      }
      // From memory: a member whose buying an admin suspended never reaches the seller.
      app.buyingSuspensions.check(userId);
      app.presses.record(userId, showItemId, 'http', received);
      const answer = await app.sales.seller.buy(userId, showItemId, key);
      // A draw item's press entered its draw: accepted, the sale is decided when the window closes.
      if ('entered' in answer) reply.code(202);
      return answer;
    },
  );
};

export default buy;
