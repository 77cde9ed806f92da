import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DOCS_CONTENT_SECURITY_POLICY } from '../security-headers';
import { SESSION_COOKIE } from '../session/plugin';
import { asyncApiDocument } from './asyncapi';
import { describeRoute, finishDocument, SECURITY_SCHEME } from './document';

export const OPENAPI_PATH = '/api/openapi.json';
export const ASYNCAPI_PATH = '/api/asyncapi.json';
export const DOCS_PATH = '/api/docs';

const DESCRIPTION = `The HTTP API of The Vault, generated from the zod contracts that validate every route.

- **Who may call what**: each operation's \`x-vault-access\` is \`anonymous\`, \`member\` (any signed-in session) or \`admin\`, read from the guard that enforces it. Member and admin operations use the \`${SECURITY_SCHEME}\` cookie; an admin operation called by a member answers 403.
- **Errors**: every error body is \`{ message, code }\` (\`ErrorBody\`): \`message\` is the text for a person, \`code\` the condition a program keys on.
- **CSRF**: POST, PUT, PATCH and DELETE must carry an \`Origin\` (or \`Referer\`) of this site, and JSON bodies only.
- **Live show**: the Socket.IO events are described in [${ASYNCAPI_PATH}](${ASYNCAPI_PATH}).`;

/**
 * OpenAPI 3.1 at /api/openapi.json and a Swagger UI at /api/docs. Registered before the routes:
 * @fastify/swagger collects them in an onRoute hook, and builds the document once, on the first
 * request for it, from the route options as they finally are (guards included).
 */
export const openapi = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'The Vault API', version: '1.0.0', description: DESCRIPTION },
        components: {
          securitySchemes: {
            [SECURITY_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'The session cookie set by POST /api/auth/login (or an external sign-in).',
            },
          },
        },
      },
      // A prefixed '/' route is registered as /x and /x/; the route table and clients use /x.
      transform: ({ route, url }) => ({ url: url.replace(/(.)\/$/, '$1'), schema: describeRoute(app, route) }),
      transformObject: (documentObject) =>
        finishDocument(
          'openapiObject' in documentObject ? (documentObject.openapiObject as Record<string, unknown>) : {},
        ),
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      // The page's own policy, on its routes only: the rest of /api keeps `default-src 'none'`.
      staticCSP: DOCS_CONTENT_SECURITY_POLICY,
      // No validator badge: it would send the document to validator.swagger.io.
      validatorUrl: false,
      // BaseLayout: no top bar. Its box for loading another document is no use here, and its
      // React-rendered logo carries an inline <style> that the page's CSP (rightly) blocks.
      uiConfig: { deepLinking: true, layout: 'BaseLayout' },
      theme: { title: 'The Vault API' },
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
    const asyncapi = asyncApiDocument();
    app.get(ASYNCAPI_PATH, { schema: { hide: true } }, async () => asyncapi);
  },
  { name: 'openapi', dependencies: ['auth'] },
);
