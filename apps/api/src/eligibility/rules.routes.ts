import {
  EligibilityRuleBody,
  EligibilityRuleList,
  EligibilityRuleView,
  ErrorBody,
  eligibilityRuleMessages,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { createRule, editRule, listRuleViews, retire } from './rules';

const Params = z.object({ id: z.uuid(eligibilityRuleMessages.notFound) });
const audit = (verb: 'create' | 'update' | 'retire') => ({
  audit: { action: `eligibility.rule_${verb}`, target: 'eligibility_rule' },
});

/**
 * Admin: the operator's eligibility rules (who may receive which class where, from when). PATCH
 * replaces the whole rule as its next version; DELETE retires it (it stays listed).
 */
const eligibilityRules: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { response: { 200: EligibilityRuleList } } }, async () => listRuleViews(app.deps));

  app.post(
    '/',
    { config: audit('create'), schema: { body: EligibilityRuleBody, response: { 201: EligibilityRuleView } } },
    async (request, reply) => reply.status(201).send(await createRule(app.deps, request.body)),
  );

  app.patch(
    '/:id',
    {
      config: audit('update'),
      schema: { params: Params, body: EligibilityRuleBody, response: { 200: EligibilityRuleView, 409: ErrorBody } },
    },
    async (request) => editRule(app.deps, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config: audit('retire'), schema: { params: Params, response: { 200: EligibilityRuleView, 409: ErrorBody } } },
    async (request) => retire(app.deps, request.params.id),
  );
};

export default eligibilityRules;
