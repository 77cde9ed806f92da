import { EligibilitySettings } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_ELIGIBILITY } from '../core/config';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';

/** GET /api/eligibility/settings: the operator's minimum age and ship-from state, for forms and notes. */
const eligibilitySettings: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireSession);

  app.get('/settings', { schema: { response: { 200: EligibilitySettings } } }, async () => {
    const { minimumAge, shipFromState } = app.config.eligibility ?? DEFAULT_ELIGIBILITY;
    return { minimumAge, shipFromState };
  });
};

export default eligibilitySettings;
