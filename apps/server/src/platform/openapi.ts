import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { isSecureCookie?: boolean } = {}) => {
    // Better Auth prefixes its cookies with __Secure- when the public address is https.
    const sessionCookie = `${options.isSecureCookie ? '__Secure-' : ''}lumen.session_token`;
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Lumen API',
          version: '0.1.0',
          description:
            'The Lumen HTTP API. Authentication endpoints live under /api/auth (Better Auth); every other route needs the session cookie.',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookie } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
