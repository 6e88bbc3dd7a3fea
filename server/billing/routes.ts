// Billing's HTTP: three plugins, each registered by app.ts under its prefix.
// - /api/subscriptions: the plans, the user's effective subscription and today's usage.
// - /api/trial: is the free PREMIUM trial available, and activating it (409 with a Russian detail otherwise; it takes
//   no parameters: no body or `{}`, anything else is a 422).
// - /api/payments: POST /invoice makes an offer and its Telegram invoice link. The bot's payment handlers (the other
//   half of paying) are registered on app.bot here too, so billing wires both sides in one place.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  renewalBodySchema,
  subscriptionSchema,
  tiersResponseSchema,
  trialActivateBodySchema,
  trialActivateResponseSchema,
  trialStatusSchema,
  usageSchema,
} from '../../contract/billing';
import { authErrors, bodyErrors, errorSchema, paramErrors } from '../../contract/common';
import {
  invoiceBodySchema,
  invoiceResponseSchema,
  paymentPreviewQuerySchema,
  paymentPreviewSchema,
} from '../../contract/payments';
import { httpError } from '../http/errors';
import { billingBot } from './bot';
import {
  activateTrial,
  createInvoice,
  currentSubscription,
  paymentPreview,
  setAutoRenew,
  tiersResponse,
  TRIAL_DAYS,
  trialAvailable,
  usageInfo,
} from './service';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subscriptions'];

  app.get('/tiers', { schema: { tags, response: { 200: tiersResponseSchema, ...authErrors } } }, async () =>
    tiersResponse(app.config),
  );

  app.get('/me', { schema: { tags, response: { 200: subscriptionSchema, ...authErrors } } }, async (request) =>
    currentSubscription(app.database.db, request.user.id),
  );

  app.put(
    '/me/renewal',
    {
      schema: {
        tags,
        description: 'Cancel («Отменить автопродление») or resume («Возобновить») the monthly Stars subscription.',
        body: renewalBodySchema,
        response: { 200: subscriptionSchema, 409: errorSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => {
      const deps = { db: app.database.db, api: app.bot.api, config: app.config, log: request.log };
      await setAutoRenew(deps, request.user.id, request.body.auto_renew);
      return currentSubscription(app.database.db, request.user.id);
    },
  );

  app.get('/usage', { schema: { tags, response: { 200: usageSchema, ...authErrors } } }, async (request) =>
    usageInfo(app.database.db, request.user.id, request.timeZone),
  );
};

export const trialRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trial'];

  app.get('/status', { schema: { tags, response: { 200: trialStatusSchema, ...authErrors } } }, async (request) => ({
    available: await trialAvailable(app.database.db, request.user.id),
    days: TRIAL_DAYS,
  }));

  app.post(
    '/activate',
    {
      schema: {
        tags,
        body: trialActivateBodySchema,
        response: { 200: trialActivateResponseSchema, 409: errorSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => {
      const result = await activateTrial(app.database.db, request.user.id);
      if (!result.ok) throw httpError(409, result.detail);
      return result.subscription;
    },
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bot, database, config, log } = app;
  bot.use(billingBot(database.db, config, log));

  app.post(
    '/invoice',
    {
      schema: {
        tags: ['payments'],
        description: 'An invoice link for a tier and period, priced by the server: Stars, or a card when enabled.',
        body: invoiceBodySchema,
        response: { 200: invoiceResponseSchema, ...bodyErrors, ...authErrors, 503: errorSchema },
      },
    },
    async (request) =>
      createInvoice({ db: database.db, api: bot.api, config, log: request.log }, request.user.id, request.body),
  );

  app.get(
    '/preview',
    {
      schema: {
        tags: ['payments'],
        description: 'What paying for a tier would do now: lower paid days carried over, a trial ended.',
        querystring: paymentPreviewQuerySchema,
        response: { 200: paymentPreviewSchema, ...paramErrors, ...authErrors },
      },
    },
    async (request) => paymentPreview(database.db, request.user.id, request.query.tier),
  );
};
