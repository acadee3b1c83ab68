import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { sendApiNotFound } from './errors.ts';

/**
 * Serves the built web app; any other GET that is not under /api gets index.html so the client router answers
 * (including its own not-found page). Unknown /api paths get a JSON 404.
 */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const root = path.resolve(options.config.WEB_DIST_DIR);
    const hasWebApp = existsSync(path.join(root, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          // Hashed assets never change; index.html must always be fresh.
          const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ root }, 'web app not built: run `npm run build` to serve it');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
      if (isApi) return reply.status(404).send(sendApiNotFound(request.method, request.url));
      if (!hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
      if (lastSegment.includes('.') && !lastSegment.endsWith('.html')) {
        // A missing file (an old asset, a typo) must not answer with the app's HTML.
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'static-web' },
);
