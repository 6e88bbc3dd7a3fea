// buildApp: the HTTP server as a list of plugins. Each cross-cutting job is a file in server/http/, each domain's
// routes a plugin in server/<domain>/. main.ts adds the client (built dist/ or Vite); tests and benches go without.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import chatRoutes from './chat/routes';
import checkInRoutes from './checkin/routes';
import diaryRoutes from './diary/routes';
import homeRoutes from './home/routes';

import helpRoutes from './help/routes';
import { paymentRoutes, subscriptionRoutes, trialRoutes } from './billing/routes';
import { setDemoTier } from './billing/service';
import bot from './bot/plugin';
import reminders from './reminders/plugin';
import webhook from './bot/webhook';
import type { Database } from './db';
import { API_PREFIX } from './http/api-path';
import authScope from './http/auth-scope';
import cors from './http/cors';
import decorators from './http/decorators';
import errorHandler from './http/error-handler';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import inFlight from './http/in-flight';
import jsonBody from './http/json-body';
import { apiNotFound, rootNotFound, type ClientFallback } from './http/not-found';
import openApi from './http/openapi';
import publicScope from './http/public-scope';
import securityHeaders from './http/security-headers';
import exportDownload from './privacy/download-route';
import eraseNotices from './privacy/erase-notices';
import privacyRoutes from './privacy/routes';
import type { Config } from './config';
import { devLauncher } from './start/dev-launcher';
import { installedKeyRing } from './db/cipher';
import { createLogger, type AppLogger } from './http/logger';
import requestLog, { RequestLog, requestId } from './http/request-log';
import drain from './ops/drain';
import health from './ops/health';
import metricsRoute from './ops/metrics-route';
import practiceRoutes from './practices/routes';
import safetyPlanRoutes from './safety-plan/routes';
import safetyRoutes from './safety/routes';
import userRoutes from './users/routes';
import { signIns, upsertDemoUser } from './users/service';
import { userKey } from './privacy/user-keys';
import { restoreErasedAccount } from './privacy/service';
import voiceRoutes from './voice/routes';
import { voiceInputReady } from './voice/service';

type Routes = (scope: FastifyInstance) => Promise<void>;

export interface BuildAppOptions {
  database: Database;
  config: Config;
  /** Serves the client (static dist or Vite middleware); may return the fallback for GETs no route knows. */
  client?: (app: FastifyInstance) => Promise<ClientFallback | void>;
  /** Extra routes in the authenticated /api scope (tests, experiments). */
  extraRoutes?: Routes;
  /** Extra routes in the public /api scope (tests). */
  extraPublicRoutes?: Routes;
  /** The JSON log (main.ts chooses where it goes; tests capture it); default: config.logLevel to stdout. */
  logger?: AppLogger;
}

export async function buildApp({
  database,
  config,
  client,
  extraRoutes,
  extraPublicRoutes,
  logger = createLogger(config),
}: BuildAppOptions): Promise<FastifyInstance> {
  installedKeyRing(); // the sealed columns need the data keys: openDataKeys(database, config) comes first
  const app = Fastify({
    loggerInstance: logger,
    logController: new RequestLog(), // one line per request, by route pattern (http/request-log.ts)
    genReqId: requestId, // the proxy's X-Request-Id or a new UUID, echoed in every answer
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    // Only trusted proxies may name the client (logs, failed-auth limit): anyone else could rotate X-Forwarded-For.
    trustProxy: config.trustProxy,
    // Refusals made before any route runs (a malformed URL, headers too large) in the shared Russian { detail }.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler); // the zod contracts validate requests…
  app.setSerializerCompiler(serializerCompiler); // …and filter responses

  await app.register(securityHeaders); // CSP (Telegram's web clients may frame the app), nosniff, no referrer, …
  await app.register(decorators, { database, config }); // app.database, app.config, request.user, …
  await app.register(drain); // SIGTERM: not ready, no new reminder claims, paced replies finish at once
  await app.register(requestLog); // X-Request-Id on every answer; the request metrics
  await app.register(inFlight); // closing waits for running handlers, even those whose client has gone
  await app.register(jsonBody); // an empty JSON body is no body
  await app.register(errorHandler); // every error → { detail } in Russian
  await app.register(bot); // app.bot: the Telegram bot; domains add their update handlers, anything may send
  await app.register(reminders); // this instance's reminder loop (REMINDER_TICK_MS), stopped on close
  await app.register(eraseNotices); // PostgreSQL: every instance forgets an erased account's cached sign-ins
  await app.register(health); // GET /healthz, GET /readyz: unauthenticated, quiet
  await app.register(metricsRoute); // GET /metrics with METRICS_TOKEN (or on METRICS_PORT)
  await app.register(
    async (api) => {
      await api.register(apiNotFound); // unknown /api paths: 404 JSON, never auth, never the client
      await api.register(cors); // CORS_ORIGINS; preflights answered here, before auth
      await api.register(openApi); // GET /api/docs/json
      await api.register(async (scope) => {
        await scope.register(publicScope); // no init data: each route proves its caller itself
        await scope.register(webhook); // POST /api/telegram/webhook: the bot's updates, WEBHOOK_SECRET checked
        await scope.register(exportDownload); // GET /api/export/:token: the data export by a signed short-lived link
        if (extraPublicRoutes) await extraPublicRoutes(scope);
      });
      await api.register(async (scope) => {
        // X-Init-Data on every route (the users domain signs the user in), per-user rate limit
        await scope.register(authScope, { users: signIns(database.db, config, restoreErasedAccount), userKey });
        await scope.register(userRoutes, { prefix: '/users', voiceInput: voiceInputReady(config) });
        await scope.register(privacyRoutes, { prefix: '/users' }); // the export and erasing everything
        await scope.register(subscriptionRoutes, { prefix: '/subscriptions' });
        await scope.register(trialRoutes, { prefix: '/trial' });
        await scope.register(paymentRoutes, { prefix: '/payments' }); // and the bot's payment handlers
        await scope.register(diaryRoutes, { prefix: '/diary' });
        await scope.register(chatRoutes, { prefix: '/chat' });
        await scope.register(voiceRoutes, { prefix: '/voice' }); // POST /api/voice/transcribe
        await scope.register(voiceRoutes, { prefix: '/chat' }); // the spec's URL, POST /api/chat/transcribe: the same
        await scope.register(practiceRoutes, { prefix: '/practices' });
        await scope.register(homeRoutes, { prefix: '/home' });
        await scope.register(checkInRoutes, { prefix: '/checkin' });
        await scope.register(helpRoutes, { prefix: '/help' });
        await scope.register(safetyRoutes, { prefix: '/safety' }); // the crisis lines (CRISIS_LINES_FILE)
        await scope.register(safetyPlanRoutes, { prefix: '/safety-plan' });
        if (extraRoutes) await extraRoutes(scope);
      });
    },
    { prefix: API_PREFIX },
  );
  if (config.devLauncher)
    await devLauncher(app, async (demo, tier) =>
      setDemoTier(database.db, await upsertDemoUser(database.db, demo), tier),
    );
  await app.register(rootNotFound, { fallback: client && (await client(app)) }); // other paths: the client or 404 JSON
  return app;
}
