// buildApp: the Fastify instance with the zod type provider, the Russian `{detail}` error handler, CORS and auth
// on /api, rate limiting, the OpenAPI document and the domain route plugins. main.ts adds the client.
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authHook, InitDataCache, type AuthUser } from './http/auth';
import { AuthFailureLimiter } from './http/auth-failures';
import type { Config } from './start/config';
import { corsHook } from './http/cors';
import { isDatabaseUnavailable, isDataException, type Database } from './db';
import { devLauncher } from './start/dev-launcher';
import diaryRoutes from './diary/routes';
import { DETAILS, HttpError } from './http/errors';
import practiceRoutes from './practices/routes';
import subscriptionRoutes from './billing/subscription-routes';
import trialRoutes from './billing/trial-routes';
import userRoutes from './users/routes';
import { validationDetail } from './http/validation';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
    /** Validated init data cache (tests clear it). */
    initDataCache: InitDataCache;
    /** Failed authentications per client IP. */
    authFailures: AuthFailureLimiter;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every /api route. */
    user: AuthUser;
    /** Canonical IANA zone from X-Time-Zone (read after auth), default config.defaultTimeZone. */
    timeZone: string;
  }
}

export interface BuildAppOptions {
  database: Database;
  config: Config;
  /** Serves the client (static dist or Vite middleware) and answers non-API GETs the router does not know. */
  client?: (app: FastifyInstance) => Promise<((request: FastifyRequest, reply: FastifyReply) => unknown) | void>;
  /** Extra routes registered inside the authenticated /api scope (tests, experiments). */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
}

export async function buildApp({ database, config, client, extraRoutes }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // Only trusted proxies may name the client (logs, failed-auth limit): anyone else could rotate X-Forwarded-For.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('initDataCache', new InitDataCache());
  app.decorate('authFailures', new AuthFailureLimiter(config.authFailuresPerMinute));
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('timeZone', '');

  // JSON bodies: an empty body is "no body" (POST /api/trial/activate may send Content-Type without one).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    defaultJson(request, body as string, done);
  });

  let fallback: ((request: FastifyRequest, reply: FastifyReply) => unknown) | void = undefined;
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (request.method === 'GET' || request.method === 'HEAD') && !isApi(request.url)) {
      return fallback(request, reply);
    }
    return reply.code(404).send({ detail: DETAILS.notFound });
  });

  if (config.corsOrigins.length > 0) {
    const cors = corsHook(config.corsOrigins);
    app.addHook('onRequest', async (request, reply) => (isApi(request.url) ? cors(request, reply) : undefined));
  }

  await app.register(swagger, {
    openapi: {
      info: { title: 'Wellbeing Mini App API', version: '1.0.0', description: 'Ошибки: { "detail": "<по-русски>" }' },
      components: {
        securitySchemes: { initData: { type: 'apiKey', in: 'header', name: 'X-Init-Data' } },
      },
      security: [{ initData: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject, // components.schemas: the schemas with an id (Error) that routes $ref
  });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      api.addHook('onRequest', authHook(database.db, config, app.initDataCache, app.authFailures));
      if (config.rateLimitPerMinute > 0) {
        await api.register(rateLimit, {
          max: config.rateLimitPerMinute,
          timeWindow: 60_000,
          hook: 'preHandler', // after auth: the key is the user, not the IP (Telegram users share NATs)
          keyGenerator: (request) => String(request.user?.id ?? request.ip),
          errorResponseBuilder: (_request, context) => ({ statusCode: 429, detail: DETAILS.rateLimited, ttl: context.ttl }),
        });
      }
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(subscriptionRoutes, { prefix: '/subscriptions' });
      await api.register(trialRoutes, { prefix: '/trial' });
      await api.register(diaryRoutes, { prefix: '/diary' });
      await api.register(practiceRoutes, { prefix: '/practices' });
      if (extraRoutes) await extraRoutes(api);
    },
    { prefix: '/api' },
  );

  if (config.devLauncher) await devLauncher(app);
  if (client) fallback = await client(app);
  return app;
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return reply.code(error.statusCode).send({ detail: error.detail });
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(422).send({ detail: validationDetail(error.validation, error.validationContext) });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return reply.code(503).send({ detail: DETAILS.dbUnavailable });
  }
  if (isDataException(error)) {
    // A safety net: the contract should have refused the value (e.g. storableString); warn so it gets a rule.
    request.log.warn({ err: error }, 'database refused a value');
    return reply.code(422).send({ detail: DETAILS.unstorableValue });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.code(429).send({ detail: DETAILS.rateLimited });
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ detail: DETAILS.tooLarge });
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ detail: DETAILS.unsupportedMedia });
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply.code(400).send({ detail: DETAILS.badJson });
  }
  if (status === 405) return reply.code(405).send({ detail: DETAILS.methodNotAllowed });
  if (status >= 400 && status < 500) return reply.code(status).send({ detail: DETAILS.badRequest });
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: DETAILS.internal });
}
