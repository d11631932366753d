import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { CUSTOMER_PAGE_RE, MSG, PRODUCT, UPLOAD_MAX_BYTES, type ErrorEnvelope } from '@kudo/shared';
import type { Config } from './config.js';
import type { AppDeps } from './http/context.js';
import { registerProvidedRoutes } from './http/route.js';
import { serializerCompiler } from './http/serializer.js';
import { createDb, type Db } from './lib/db.js';
import { flushHits } from './lib/rate-limit.js';
import { registerDevOutboxRoutes } from './modules/dev-outbox/routes.js';
import { areas } from './modules/index.js';
import { frameworkErrors, MAX_PARAM_LENGTH, registerErrorHandling } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { sessionPlugin } from './plugins/session.js';
import { createProviders, type Providers } from './providers/index.js';
import type { JobQueue } from './jobs/index.js';

export interface BuildOptions {
  /** A database client to use instead of one made from config.databaseUrl (closed by its owner). */
  db?: Db;
  providers?: Providers;
  jobs?: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** The HTTP application, without listening: the server and the tests both use it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  if (!options.db && !config.databaseUrl) throw new Error('buildApp needs a database URL or a client');
  const db = options.db ?? createDb(config.databaseUrl as string);
  const providers = options.providers ?? createProviders(config, db);
  const deps: AppDeps = { db, config, providers, ...(options.jobs ? { jobs: options.jobs } : {}) };

  const trustProxy = config.trustProxy;
  const app: FastifyInstance = Fastify({
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    logger: {
      level: config.logLevel,
      // Cookies, CSRF tokens and passwords never reach the logs.
      redact: {
        paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Hits still held in this process join the shared count before the process lets go of the database.
  app.addHook('onClose', () => flushHits(db));
  if (!options.db) app.addHook('onClose', async () => db.$disconnect());

  // External plugins.
  await app.register(cookie);
  await app.register(formbody);
  // Uploads (images, spreadsheets): one file of at most 5 MB per request, a few small fields.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
  });
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        // Images go straight from the browser to Cloudinary when it is the image host.
        connectSrc: ["'self'", ...(config.images.cloudinary ? [config.images.cloudinary.apiBaseUrl ?? 'https://api.cloudinary.com'] : [])],
        // The bio page's intro video.
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google and Facebook sign-in popups hand their answer back to the page that opened them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT.name} API`, version: config.version },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'kudo_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // App plugins.
  registerErrorHandling(app);
  await app.register(sessionPlugin, { db, config });

  // Product areas.
  for (const register of areas) register(app, deps);
  registerProvidedRoutes(app, deps);
  if (providers.email.kind === 'local' || providers.sms.kind === 'local') registerDevOutboxRoutes(app, deps);

  await registerSpa(app, config.webDist);
  return app;
}

/**
 * The built SPA, with history fallback: any other GET that wants HTML gets index.html, or customer.html
 * for the customer pages.
 */
async function registerSpa(app: FastifyInstance, webDist: string) {
  const indexPath = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(indexPath);
  const hasCustomer = fs.existsSync(path.join(webDist, 'customer.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasSpa && wantsHtml && !request.url.startsWith('/api/')) {
      const page = hasCustomer && CUSTOMER_PAGE_RE.test(request.url) ? 'customer.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page, webDist);
    }
    return reply.code(404).send({ status: 0, message: MSG.notFound } satisfies ErrorEnvelope);
  });
}
