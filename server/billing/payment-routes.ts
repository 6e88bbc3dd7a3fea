// /api/payments: POST /invoice makes an offer and its Telegram invoice link. The bot's payment handlers (the other
// half of paying) are registered on app.bot here too, so billing wires both sides in one place.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, bodyErrors, errorSchema, paramErrors } from '../../contract/common';
import {
  invoiceBodySchema,
  invoiceResponseSchema,
  paymentPreviewQuerySchema,
  paymentPreviewSchema,
} from '../../contract/payments';
import { billingBot } from './bot';
import { createInvoice, paymentPreview } from './checkout';

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
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

export default paymentRoutes;
