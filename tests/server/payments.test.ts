// Paying for a tier, on both databases, against a loopback Bot API server speaking Telegram's protocol: invoices
// for Stars and cards priced by the server alone, the webhook's secret, pre-checkout refusals, exactly one grant per
// charge (duplicates and concurrent deliveries), extension of the same tier, expiry back to START, refunds.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { INVOICE_TTL_MS } from '../../server/billing/checkout';
import { exportBilling } from '../../server/billing/service';
import { createBot } from '../../server/bot/bot';
import { BOT_COMMANDS, registerWebhook } from '../../server/bot/register';
import { addMonths } from '../../server/billing/grants';
import { PRE_CHECKOUT_ERRORS } from '../../server/billing/payments';
import { effectiveTier } from '../../server/billing/quota';
import { invoices, payments, refunds, subscriptionGrants, subscriptions, users } from '../../server/db/schema';
import { DEV_BOT_TOKEN } from '../../server/config';
import { BotApiError, startBotApi, type FakeBotApi } from '../support/bot-api';
import { metricsSnapshot } from '../support/metrics';
import { describeEachDatabase, signInitData, testConfig, type TgUser } from './harness';

const anna: TgUser = { id: 7_000_001, first_name: 'Анна' };
const boris: TgUser = { id: 7_000_002, first_name: 'Борис' };
const SECRET = 'test-webhook-secret_42';

let api: FakeBotApi;
beforeAll(async () => {
  api = await startBotApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.reset());

let updateId = 0;
const chat = (u: TgUser) => ({ id: u.id, type: 'private', first_name: u.first_name });
const preCheckout = (u: TgUser, payload: string, currency: string, total_amount: number) => ({
  update_id: ++updateId,
  pre_checkout_query: {
    id: `pcq-${updateId}`,
    from: { ...u, is_bot: false },
    currency,
    total_amount,
    invoice_payload: payload,
  },
});
const message = (u: TgUser, extra: Record<string, unknown>) => ({
  update_id: ++updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: chat(u),
    from: { ...u, is_bot: false },
    ...extra,
  },
});
const successfulPayment = (u: TgUser, payload: string, charge: string, currency: string, total_amount: number) =>
  message(u, {
    successful_payment: {
      currency,
      total_amount,
      invoice_payload: payload,
      telegram_payment_charge_id: charge,
      provider_payment_charge_id: currency === 'XTR' ? '' : `prov-${charge}`,
    },
  });
const refundedPayment = (u: TgUser, payload: string, charge: string, currency: string, total_amount: number) =>
  message(u, {
    refunded_payment: { currency, total_amount, invoice_payload: payload, telegram_payment_charge_id: charge },
  });
const command = (u: TgUser, text: string) =>
  message(u, { text, entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] });

const near = (a: Date | string | null | undefined, b: Date, ms = 5_000) => {
  expect(a).not.toBeNull();
  expect(Math.abs(new Date(a!).getTime() - b.getTime())).toBeLessThan(ms);
};

describeEachDatabase(
  'payments',
  (t) => {
    const hook = (update: unknown, secret: string | null = SECRET, app: FastifyInstance = t.app) =>
      app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: {
          'content-type': 'application/json',
          ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
        },
        payload: JSON.stringify(update),
      });
    const invoice = (body: unknown, user: TgUser = anna, app: FastifyInstance = t.app) =>
      app.inject({ method: 'POST', url: '/api/payments/invoice', headers: t.headers(user), payload: body as object });
    const me = async (user: TgUser = anna) =>
      (await t.app.inject({ method: 'GET', url: '/api/subscriptions/me', headers: t.headers(user) })).json() as {
        tier: string;
        expires_at: string | null;
        source: string | null;
      };
    const signIn = async (user: TgUser = anna) => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: t.headers(user) })).statusCode).toBe(
        200,
      );
      return t.userId(user.id);
    };
    /** An invoice through the API; returns its row (the payload Telegram will carry is its id). */
    const offer = async (tier: string, period: number, user: TgUser = anna) => {
      const res = await invoice({ tier, period, method: 'stars' }, user);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.url, res.json().invoice_url));
      expect(row).toBeDefined();
      return row!;
    };
    const pay = (user: TgUser, row: { id: string; currency: string; amount: number }, charge: string) =>
      hook(successfulPayment(user, row.id, charge, row.currency, row.amount));
    const preview = async (tier: string, user: TgUser = anna) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/payments/preview?tier=${tier}`,
        headers: t.headers(user),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        credit: { from_tier: string; from_days: number; days: number } | null;
        ends_trial: string | null;
      };
    };
    const countRows = async () => ({
      payments: (await t.database.db.select().from(payments)).length,
      grants: (await t.database.db.select().from(subscriptionGrants).where(eq(subscriptionGrants.source, 'payment')))
        .length,
    });
    const withApp = async (env: Record<string, string>, fn: (app: FastifyInstance) => Promise<void>) => {
      const app = await buildApp({
        database: t.database,
        config: testConfig({ TELEGRAM_API_ROOT: api.url, WEBHOOK_SECRET: SECRET, ...env }),
      });
      try {
        await fn(app);
      } finally {
        await app.close();
      }
    };

    describe('POST /api/payments/invoice', () => {
      it('Stars: XTR, no provider token, one price from the plans; the payload names the pending row', async () => {
        await signIn();
        const res = await invoice({ tier: 'PREMIUM', period: 3, method: 'stars' });
        expect(res.statusCode, res.body).toBe(200);
        const url = res.json().invoice_url as string;
        expect(url).toMatch(/^https:\/\/t\.me\/\$[A-Za-z0-9_-]+$/);
        expect(url).toBe(api.links[0]);
        const [call] = api.callsOf('createInvoiceLink');
        expect(call).toMatchObject({
          title: 'PREMIUM · 3 месяца',
          currency: 'XTR',
          provider_token: '',
          prices: [{ label: 'PREMIUM · 3 месяца', amount: 1000 }],
        });
        expect(String(call!.description)).toMatch(/Без автопродления/);
        const [row] = await t.database.db.select().from(invoices);
        expect(row).toMatchObject({
          id: call!.payload,
          tier: 'PREMIUM',
          months: 3,
          method: 'stars',
          currency: 'XTR',
          amount: 1000,
          status: 'pending',
          url,
        });
        near(row!.expiresAt, new Date(Date.now() + INVOICE_TTL_MS));
        expect(api.calls[0]!.token).toBe(t.config.botToken);
      });

      it('card: refused without CARD_PROVIDER_TOKEN (and not offered); with it RUB in kopecks with the token', async () => {
        await signIn();
        const off = await invoice({ tier: 'PRO', period: 1, method: 'card' });
        expect(off.statusCode).toBe(422);
        expect(off.json().detail).toBe('Оплата картой недоступна: выберите Telegram Stars');
        expect(api.callsOf('createInvoiceLink')).toEqual([]);
        const tiers = await t.app.inject({ method: 'GET', url: '/api/subscriptions/tiers', headers: t.headers() });
        expect(tiers.json().payment_methods).toEqual(['stars']);

        await withApp({ CARD_PROVIDER_TOKEN: '381764678:TEST:card' }, async (app) => {
          const methods = await app.inject({ method: 'GET', url: '/api/subscriptions/tiers', headers: t.headers() });
          expect(methods.json().payment_methods).toEqual(['stars', 'card']);
          const res = await invoice({ tier: 'PRO', period: 6, method: 'card' }, anna, app);
          expect(res.statusCode, res.body).toBe(200);
          expect(api.callsOf('createInvoiceLink')[0]).toMatchObject({
            currency: 'RUB',
            provider_token: '381764678:TEST:card',
            prices: [{ label: 'PRO · 6 месяцев', amount: 179_000 }],
          });
        });
      });

      it('the price is the server’s: a price in the body, an unknown tier or period, or the free tier → 422', async () => {
        await signIn();
        const cases: Array<[unknown, RegExp]> = [
          [{ tier: 'PRO', period: 1, method: 'stars', amount: 1 }, /Неизвестное поле «amount»/],
          [
            { tier: 'PRO', period: 1, method: 'stars', prices: [{ currency: 'STARS', amount: 1 }] },
            /Неизвестное поле «prices»/,
          ],
          [{ tier: 'GOLD', period: 1, method: 'stars' }, /tier/],
          [{ tier: 'PRO', period: 2, method: 'stars' }, /^Тариф не найден$/],
          [{ tier: 'START', period: 1, method: 'stars' }, /^Тариф не найден$/],
          [{ tier: 'PRO', period: 1, method: 'cash' }, /method/],
          [{ tier: 'PRO', period: '1', method: 'stars' }, /period/],
        ];
        for (const [body, detail] of cases) {
          const res = await invoice(body);
          expect(res.statusCode, JSON.stringify(body)).toBe(422);
          expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
        }
        expect(api.callsOf('createInvoiceLink')).toEqual([]);
        expect(await t.database.db.select().from(invoices)).toEqual([]);
      });

      it('only a tier above the one held: PRO holder → PRO and START refused, PREMIUM allowed; a trial counts as none', async () => {
        await signIn();
        await t.setTier(anna.id, 'PRO');
        for (const tier of ['PRO']) {
          const res = await invoice({ tier, period: 1, method: 'stars' });
          expect(res.statusCode).toBe(422);
          expect(res.json().detail).toBe('Этот тариф недоступен: ваша подписка уже не ниже');
        }
        expect((await invoice({ tier: 'PREMIUM', period: 1, method: 'stars' })).statusCode).toBe(200);
        await t.setTier(anna.id, 'PREMIUM');
        expect((await invoice({ tier: 'PREMIUM', period: 1, method: 'stars' })).statusCode).toBe(422);

        await signIn(boris);
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: t.headers(boris) })).statusCode,
        ).toBe(200);
        expect((await invoice({ tier: 'PRO', period: 1, method: 'stars' }, boris)).statusCode).toBe(200);
        expect((await invoice({ tier: 'PREMIUM', period: 12, method: 'stars' }, boris)).statusCode).toBe(200);
      });

      it('Telegram refusing or away → 503 with a Russian detail; without BOT_TOKEN (dev) no call is made', async () => {
        await signIn();
        api.answer('createInvoiceLink', () => new BotApiError(500, 'Internal Server Error'));
        const res = await invoice({ tier: 'PRO', period: 1, method: 'stars' });
        expect(res.statusCode).toBe(503);
        expect(res.json().detail).toBe('Не удалось создать счёт в Telegram, попробуйте ещё раз чуть позже');

        const dev = await buildApp({ database: t.database, config: testConfig({ BOT_TOKEN: '' }) });
        try {
          api.reset();
          const r = await dev.inject({
            method: 'POST',
            url: '/api/payments/invoice',
            headers: { 'x-init-data': signInitData(anna, { botToken: DEV_BOT_TOKEN }) },
            payload: { tier: 'PRO', period: 1, method: 'stars' },
          });
          expect(r.statusCode).toBe(503);
          // In the user's words, never the operator's («BOT_TOKEN»): the log says why.
          expect(r.json().detail).toBe('Оплата сейчас недоступна. Попробуйте, пожалуйста, позже');
          expect(api.calls).toEqual([]);
        } finally {
          await dev.close();
        }
      });
    });

    describe('POST /api/telegram/webhook', () => {
      it('needs X-Telegram-Bot-Api-Secret-Token = WEBHOOK_SECRET: none or wrong → 401 before any work', async () => {
        const update = command(anna, '/start');
        for (const secret of [null, '', 'wrong', `${SECRET}x`, SECRET.slice(0, -1)]) {
          const res = await hook(update, secret);
          expect(res.statusCode, String(secret)).toBe(401);
          expect(res.json()).toEqual({ detail: 'Неверный секретный токен вебхука' });
        }
        expect(api.calls).toEqual([]); // not even getMe
        const ok = await hook(update);
        expect(ok.statusCode).toBe(200);
        expect(api.calls.map((c) => c.method)).toEqual(['getMe', 'sendMessage']);
      });

      it('without WEBHOOK_SECRET the secret is derived from BOT_TOKEN: still required', async () => {
        await withApp({ WEBHOOK_SECRET: '' }, async (app) => {
          expect((await hook(command(anna, '/terms'), null, app)).statusCode).toBe(401);
          expect((await hook(command(anna, '/terms'), SECRET, app)).statusCode).toBe(401);
          const derived = testConfig({ TELEGRAM_API_ROOT: api.url }).webhookSecret;
          expect(derived).toMatch(/^[A-Za-z0-9_-]{20,256}$/);
          expect((await hook(command(anna, '/terms'), derived, app)).statusCode).toBe(200);
        });
      });

      it('/start answers with a button opening the app at PUBLIC_URL; /terms and /paysupport in Russian', async () => {
        await withApp({ PUBLIC_URL: 'https://app.example.com/' }, async (app) => {
          expect((await hook(command(anna, '/start'), SECRET, app)).statusCode).toBe(200);
        });
        const [start] = api.callsOf('sendMessage');
        expect(start).toMatchObject({
          chat_id: anna.id,
          reply_markup: {
            inline_keyboard: [[{ text: 'Открыть приложение', web_app: { url: 'https://app.example.com/' } }]],
          },
        });
        expect(String(start!.text)).toMatch(/^Здравствуйте!/);

        api.reset();
        await hook(command(anna, '/start')); // no PUBLIC_URL: no button, a pointer to the menu button
        expect(api.callsOf('sendMessage')[0]).not.toHaveProperty('reply_markup');
        expect(String(api.callsOf('sendMessage')[0]!.text)).toMatch(/кнопкой меню/);

        api.reset();
        await hook(command(anna, '/terms'));
        await hook(command(anna, '/paysupport'));
        const [terms, support] = api.callsOf('sendMessage');
        expect(String(terms!.text)).toMatch(/^Условия оплаты\./);
        expect(String(terms!.text)).toMatch(/Telegram Stars/);
        expect(String(support!.text)).toMatch(/^Поддержка по оплате\./);
        expect(String(support!.text)).toMatch(/Платежей пока нет\./);
      });

      it('/paysupport still sends the help when the payments cannot be read', async () => {
        await signIn();
        await t.database.db.execute(sql`alter table payments rename to payments_away`);
        try {
          expect((await hook(command(anna, '/paysupport'))).statusCode).toBe(200);
        } finally {
          await t.database.db.execute(sql`alter table payments_away rename to payments`);
        }
        const [support] = api.callsOf('sendMessage');
        expect(String(support!.text)).toMatch(/^Поддержка по оплате\./);
        expect(String(support!.text)).toMatch(/Список платежей сейчас не открылся/);
      });

      it('a reply Telegram refuses (the user blocked the bot) still answers 200: the update is not delivered again', async () => {
        api.answer('sendMessage', () => new BotApiError(403, 'Forbidden: bot was blocked by the user'));
        expect((await hook(command(anna, '/terms'))).statusCode).toBe(200);
        expect(api.callsOf('sendMessage')).toHaveLength(1);
      });
    });

    describe('pre_checkout_query', () => {
      const answerOf = () => {
        const calls = api.callsOf('answerPreCheckoutQuery');
        expect(calls).toHaveLength(1);
        return calls[0]!;
      };

      it('ok for our pending, unexpired offer at its currency and amount, from its user', async () => {
        await signIn();
        const row = await offer('PRO', 3);
        api.reset();
        const update = preCheckout(anna, row.id, 'XTR', 500);
        expect((await hook(update)).statusCode).toBe(200);
        expect(answerOf()).toEqual({ pre_checkout_query_id: update.pre_checkout_query.id, ok: true });
      });

      const refusals: Array<
        [string, (row: { id: string }) => ReturnType<typeof preCheckout>, string, ((id: string) => Promise<void>)?]
      > = [
        ['a tampered amount', (row) => preCheckout(anna, row.id, 'XTR', 1), PRE_CHECKOUT_ERRORS.mismatch],
        ['another currency', (row) => preCheckout(anna, row.id, 'RUB', 500), PRE_CHECKOUT_ERRORS.mismatch],
        [
          'an unknown payload',
          () => preCheckout(anna, '00000000-0000-4000-8000-000000000000', 'XTR', 500),
          PRE_CHECKOUT_ERRORS.unknown,
        ],
        ['a payload that is no id', () => preCheckout(anna, 'PRO:3', 'XTR', 500), PRE_CHECKOUT_ERRORS.unknown],
        ['another payer', (row) => preCheckout(boris, row.id, 'XTR', 500), PRE_CHECKOUT_ERRORS.otherUser],
      ];
      // One offer for all the cases (a check reads, never writes), each checked on its own (expect.soft: every
      // failing case is reported): a test per case made a fresh database per case for one webhook call.
      it(`refused for ${refusals.map(([what]) => what).join(', ')}`, async () => {
        await signIn();
        const row = await offer('PRO', 3);
        for (const [what, update, error] of refusals) {
          api.reset();
          const u = update(row);
          const counted = await metricsSnapshot();
          expect.soft((await hook(u)).statusCode, what).toBe(200);
          expect.soft(await counted.delta('wellbeing_payments_total', { outcome: 'refused' }), what).toBe(1);
          expect
            .soft(api.callsOf('answerPreCheckoutQuery'), what)
            .toEqual([{ pre_checkout_query_id: u.pre_checkout_query.id, ok: false, error_message: error }]);
        }
      });

      it('a check the database stalls is answered by the deadline: «temporarily unavailable», never Telegram’s 10 s', async () => {
        await signIn();
        const row = await offer('PRO', 1);
        await withApp({ PRE_CHECKOUT_DEADLINE_MS: '300' }, async (app) => {
          api.reset();
          // Another transaction holds the offers' table: the check's read waits for it (PGlite: for its one connection).
          let release!: () => void;
          let taken!: () => void;
          const locked = new Promise<void>((resolve) => (taken = resolve));
          const stall = t.database.db.transaction(async (tx) => {
            await tx.execute(sql`lock table invoices in access exclusive mode`);
            taken();
            await new Promise<void>((resolve) => (release = resolve));
          });
          await locked;
          const started = Date.now();
          try {
            const update = preCheckout(anna, row.id, 'XTR', 200);
            expect((await hook(update, SECRET, app)).statusCode).toBe(200);
            expect(Date.now() - started).toBeLessThan(3_000);
            expect(answerOf()).toEqual({
              pre_checkout_query_id: update.pre_checkout_query.id,
              ok: false,
              error_message: PRE_CHECKOUT_ERRORS.unavailable,
            });
          } finally {
            release();
            await stall;
          }
          // the database back, the same offer passes
          api.reset();
          await hook(preCheckout(anna, row.id, 'XTR', 200), SECRET, app);
          expect(answerOf()).toMatchObject({ ok: true });
        });
      });

      it('refused for a stale offer (expired), a paid one, and a tier the user has meanwhile reached', async () => {
        await signIn();
        const stale = await offer('PRO', 1);
        await t.database.db
          .update(invoices)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(invoices.id, stale.id));
        const paid = await offer('PRO', 1);
        expect((await pay(anna, paid, 'ch-paid')).statusCode).toBe(200);
        api.reset();
        const cases: Array<[string, string]> = [
          [stale.id, PRE_CHECKOUT_ERRORS.expired],
          [paid.id, PRE_CHECKOUT_ERRORS.paid],
        ];
        for (const [id, error] of cases) {
          await hook(preCheckout(anna, id, 'XTR', 200));
          expect(api.callsOf('answerPreCheckoutQuery').at(-1)).toMatchObject({ ok: false, error_message: error });
        }
        // PRO is held now: a second PRO offer made before it was paid is refused
        const [early] = await t.database.db
          .insert(invoices)
          .values({
            userId: await t.userId(anna.id),
            tier: 'PRO',
            months: 1,
            method: 'stars',
            currency: 'XTR',
            amount: 200,
            expiresAt: new Date(Date.now() + 60_000),
          })
          .returning();
        await hook(preCheckout(anna, early!.id, 'XTR', 200));
        expect(api.callsOf('answerPreCheckoutQuery').at(-1)).toMatchObject({
          ok: false,
          error_message: PRE_CHECKOUT_ERRORS.notAbove,
        });
      });
    });

    describe('successful_payment', () => {
      it('grants the tier from now, marks the offer paid, records payment and grant, thanks the user', async () => {
        const userId = await signIn();
        const row = await offer('PREMIUM', 1);
        api.reset();
        const before = new Date();
        const counted = await metricsSnapshot();
        expect((await pay(anna, row, 'charge-1')).statusCode).toBe(200);
        expect(await counted.delta('wellbeing_payments_total', { outcome: 'granted' })).toBe(1);
        const sub = await me();
        expect(sub).toMatchObject({ tier: 'PREMIUM', source: 'payment' });
        near(sub.expires_at, addMonths(before, 1));
        const [p] = await t.database.db.select().from(payments);
        expect(p).toMatchObject({
          telegramPaymentChargeId: 'charge-1',
          invoiceId: row.id,
          userId,
          telegramUserId: anna.id,
          tier: 'PREMIUM',
          months: 1,
          currency: 'XTR',
          amount: 400,
        });
        const [grant] = await t.database.db.select().from(subscriptionGrants);
        expect(grant).toMatchObject({ userId, source: 'payment', paymentId: p!.id, tier: 'PREMIUM' });
        expect(grant!.expiresAt!.toISOString()).toBe(sub.expires_at);
        expect((await t.database.db.select().from(invoices))[0]).toMatchObject({ status: 'paid' });
        const [thanks] = api.callsOf('sendMessage');
        expect(thanks).toMatchObject({ chat_id: anna.id });
        expect(String(thanks!.text)).toMatch(/^Спасибо за оплату! Тариф PREMIUM активен до \d+ [а-я]+ \d{4} г\./);
        expect(thanks).not.toHaveProperty('reply_markup'); // no https PUBLIC_URL: no button to give
      });

      it('the thank-you carries the «Открыть приложение» button when PUBLIC_URL is set', async () => {
        await signIn();
        const row = await offer('PRO', 1);
        await withApp({ PUBLIC_URL: 'https://app.example.com/' }, async (app) => {
          api.reset();
          expect(
            (await hook(successfulPayment(anna, row.id, 'charge-button', 'XTR', 200), SECRET, app)).statusCode,
          ).toBe(200);
        });
        const [thanks] = api.callsOf('sendMessage');
        expect(String(thanks!.text)).toMatch(/^Спасибо за оплату! Тариф PRO активен до .*Откройте приложение/);
        expect(thanks!.reply_markup).toEqual({
          inline_keyboard: [[{ text: 'Открыть приложение', web_app: { url: 'https://app.example.com/' } }]],
        });
      });

      it('the same charge delivered again grants nothing more', async () => {
        await signIn();
        const row = await offer('PRO', 1);
        await pay(anna, row, 'charge-dup');
        const first = await me();
        const counted = await metricsSnapshot();
        for (let i = 0; i < 3; i++) expect((await pay(anna, row, 'charge-dup')).statusCode).toBe(200);
        expect(await counted.delta('wellbeing_payments_total', { outcome: 'duplicate' })).toBe(3);
        expect(await counted.delta('wellbeing_payments_total', { outcome: 'granted' })).toBe(0);
        expect(await me()).toEqual(first);
        expect(await countRows()).toEqual({ payments: 1, grants: 1 });
        expect(api.callsOf('sendMessage')).toHaveLength(1); // one thank-you
      });

      it('20 concurrent deliveries of one charge → one payment, one grant, one month', async () => {
        await signIn();
        const row = await offer('PRO', 1);
        const before = new Date();
        const results = await Promise.all(Array.from({ length: 20 }, () => pay(anna, row, 'charge-race')));
        expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
        expect(await countRows()).toEqual({ payments: 1, grants: 1 });
        near((await me()).expires_at, addMonths(before, 1));
      });

      it('different charges of the same tier, concurrently and each delivered twice: every charge extends once', async () => {
        await signIn();
        const before = new Date();
        const charges = ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => `charge-${c}`);
        const rows = await Promise.all(charges.map(() => offer('PRO', 1))); // an invoice grants once: one each
        const results = await Promise.all(
          [...charges, ...charges].map((charge, i) => pay(anna, rows[i % charges.length]!, charge)),
        );
        // no delivery fails (a deadlock between two charges of one user would make one 500)
        expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
        expect(await countRows()).toEqual({ payments: 6, grants: 6 });
        let end = before;
        for (let i = 0; i < 6; i++) end = addMonths(end, 1);
        near((await me()).expires_at, end, 20_000);
      });

      it('same tier still in force extends from its expiry: PREMIUM trial + 3 paid months', async () => {
        const userId = await signIn();
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: t.headers(anna) })).statusCode,
        ).toBe(200);
        const trialEnd = new Date((await me()).expires_at!);
        const row = await offer('PREMIUM', 3);
        await pay(anna, row, 'charge-ext');
        const sub = await me();
        expect(sub).toMatchObject({
          tier: 'PREMIUM',
          source: 'payment',
          expires_at: addMonths(trialEnd, 3).toISOString(),
        });
        const grants = await t.database.db
          .select()
          .from(subscriptionGrants)
          .where(eq(subscriptionGrants.userId, userId));
        expect(grants.map((g) => [g.source, g.tier])).toEqual([
          ['trial', 'PREMIUM'],
          ['payment', 'PREMIUM'],
        ]);
        expect(grants[1]!.startsAt.toISOString()).toBe(trialEnd.toISOString());
      });

      it('another tier replaces the trial from now: PREMIUM trial → paid PRO', async () => {
        await signIn();
        await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: t.headers(anna) });
        // the checkout is told: the trial ends, nothing of it is carried over (it was free); PREMIUM would extend it
        expect(await preview('PRO')).toEqual({ credit: null, ends_trial: 'PREMIUM' });
        expect(await preview('PREMIUM')).toEqual({ credit: null, ends_trial: null });
        const before = new Date();
        await pay(anna, await offer('PRO', 1), 'charge-pro');
        const sub = await me();
        expect(sub).toMatchObject({ tier: 'PRO', source: 'payment' });
        near(sub.expires_at, addMonths(before, 1));
      });

      it('an upgrade carries the unused paid days over pro rata, once, whatever Telegram re-delivers', async () => {
        const userId = await signIn();
        expect(await preview('PREMIUM')).toEqual({ credit: null, ends_trial: null }); // START: nothing to carry
        await pay(anna, await offer('PRO', 3), 'charge-lower');
        // 40 whole days (and a half) of PRO left
        await t.database.db
          .update(subscriptions)
          .set({ expiresAt: new Date(Date.now() + 40.5 * 86_400_000) })
          .where(eq(subscriptions.userId, userId));
        // 40 × 390 ÷ 790 = 19.7 → 19 days of PREMIUM: what the checkout says is what the grant does
        const credit = { from_tier: 'PRO', from_days: 40, days: 19 };
        expect(await preview('PREMIUM')).toEqual({ credit, ends_trial: null });

        const row = await offer('PREMIUM', 1);
        const before = new Date();
        const deliveries = await Promise.all(Array.from({ length: 5 }, () => pay(anna, row, 'charge-upgrade')));
        expect(deliveries.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
        expect((await pay(anna, row, 'charge-upgrade')).statusCode).toBe(200); // and a retry later
        const sub = await me();
        expect(sub).toMatchObject({ tier: 'PREMIUM', source: 'payment' });
        const paidEnd = addMonths(before, 1);
        near(sub.expires_at, new Date(paidEnd.getTime() + 19 * 86_400_000));
        const grants = await t.database.db
          .select()
          .from(subscriptionGrants)
          .where(eq(subscriptionGrants.userId, userId))
          .orderBy(subscriptionGrants.createdAt, subscriptionGrants.startsAt);
        expect(grants.map((g) => [g.source, g.tier])).toEqual([
          ['payment', 'PRO'],
          ['payment', 'PREMIUM'],
          ['credit', 'PREMIUM'],
        ]);
        const [, paid, carried] = grants;
        expect(carried!.paymentId).toBe(paid!.paymentId);
        expect(carried!.startsAt.toISOString()).toBe(paid!.expiresAt!.toISOString()); // right after the paid month
        expect(carried!.expiresAt!.getTime() - carried!.startsAt.getTime()).toBe(19 * 86_400_000);
        expect(carried!.expiresAt!.toISOString()).toBe(sub.expires_at);
        expect((await exportBilling(t.database.db, userId)).grants.map((g) => g.source)).toEqual([
          'payment',
          'payment',
          'credit',
        ]);
        expect(await preview('PREMIUM')).toEqual({ credit: null, ends_trial: null }); // held now: an extension

        // a refund of the upgrade takes back the paid month; the carried-over days were paid for before and stay
        await hook(refundedPayment(anna, row.id, 'charge-upgrade', 'XTR', 400));
        const after = await me();
        expect(after.tier).toBe('PREMIUM');
        near(after.expires_at, new Date(Date.now() + 19 * 86_400_000));
      });

      it('nothing is carried over from a tier not paid for (granted by hand) nor when less than a day is left', async () => {
        await signIn();
        await t.setTier(anna.id, 'PRO', new Date(Date.now() + 40 * 86_400_000));
        expect(await preview('PREMIUM')).toEqual({ credit: null, ends_trial: null });
        await signIn(boris);
        await pay(boris, await offer('PRO', 1, boris), 'charge-short');
        await t.database.db
          .update(subscriptions)
          .set({ expiresAt: new Date(Date.now() + 20 * 3_600_000) })
          .where(eq(subscriptions.userId, await t.userId(boris.id)));
        expect(await preview('PREMIUM', boris)).toEqual({ credit: null, ends_trial: null });
        // a day is a day: one PRO day is worth less than one PREMIUM day, and the checkout says so (0)
        await t.database.db
          .update(subscriptions)
          .set({ expiresAt: new Date(Date.now() + 30 * 3_600_000) })
          .where(eq(subscriptions.userId, await t.userId(boris.id)));
        expect(await preview('PREMIUM', boris)).toEqual({
          credit: { from_tier: 'PRO', from_days: 1, days: 0 },
          ends_trial: null,
        });
        const bad = await t.app.inject({ method: 'GET', url: '/api/payments/preview?tier=GOLD', headers: t.headers() });
        expect(bad.statusCode).toBe(422);
      });

      it('once the paid period ends the user is back on START', async () => {
        const userId = await signIn();
        await pay(anna, await offer('PRO', 1), 'charge-end');
        const end = new Date((await me()).expires_at!);
        expect(await effectiveTier(t.database.db, userId, new Date(end.getTime() - 1000))).toBe('PRO');
        expect(await effectiveTier(t.database.db, userId, end)).toBe('START');
        await t.database.db
          .update(subscriptions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(subscriptions.userId, userId));
        expect(await me()).toEqual({ tier: 'START', expires_at: null, source: null });
        const usage = await t.app.inject({ method: 'GET', url: '/api/subscriptions/usage', headers: t.headers() });
        expect(usage.json()).toMatchObject({ tier: 'START', diary_entries_limit: null });
      });

      it('money for a payload we cannot place is kept for a refund and grants nothing', async () => {
        await signIn();
        const counted = await metricsSnapshot();
        expect((await hook(successfulPayment(anna, 'nonsense', 'charge-orphan', 'XTR', 7))).statusCode).toBe(200);
        expect(await counted.delta('wellbeing_payments_total', { outcome: 'refund_due' })).toBe(1);
        const [p] = await t.database.db.select().from(payments);
        expect(p).toMatchObject({
          telegramPaymentChargeId: 'charge-orphan',
          userId: null,
          telegramUserId: anna.id,
          tier: null,
          amount: 7,
        });
        expect(await me()).toMatchObject({ tier: 'START' });
      });

      describe('a payment that does not match its invoice grants nothing and is kept for a refund', () => {
        const mismatches: Array<[string, string, (row: { id: string; currency: string; amount: number }) => unknown]> =
          [
            [
              'currency',
              'another currency (RUB for a Stars invoice)',
              (row) => successfulPayment(anna, row.id, 'charge-cur', 'RUB', row.amount),
            ],
            [
              'amount',
              'less than the price (1 ⭐ for 1 500)',
              (row) => successfulPayment(anna, row.id, 'charge-amt', row.currency, 1),
            ],
            [
              'payer',
              'another user paying with this invoice’s payload',
              (row) => successfulPayment(boris, row.id, 'charge-who', row.currency, row.amount),
            ],
          ];
        it.each(mismatches)('%s: %s', async (reason, _what, update) => {
          const userId = await signIn();
          await signIn(boris);
          const row = await offer('PRO', 12);
          expect(row).toMatchObject({ currency: 'XTR', amount: 1500 });
          api.reset();
          expect((await hook(update(row))).statusCode).toBe(200);
          expect(await me()).toEqual({ tier: 'START', expires_at: null, source: null });
          expect(await me(boris)).toEqual({ tier: 'START', expires_at: null, source: null });
          expect(await countRows()).toEqual({ payments: 1, grants: 0 });
          const [p] = await t.database.db.select().from(payments);
          expect(p).toMatchObject({ invoiceId: row.id, refundReason: reason, tier: 'PRO', months: 12 });
          expect(p!.userId).toBe(reason === 'payer' ? null : userId); // the money is the payer's, not the account's
          expect((await t.database.db.select().from(invoices))[0]).toMatchObject({ status: 'pending', paidAt: null });
          expect(api.callsOf('sendMessage')).toEqual([]); // no thank-you for nothing granted
          // The same charge again changes nothing; the offer itself can still be paid properly.
          expect((await hook(update(row))).statusCode).toBe(200);
          expect(await countRows()).toEqual({ payments: 1, grants: 0 });
          expect((await pay(anna, row, 'charge-right')).statusCode).toBe(200);
          expect(await me()).toMatchObject({ tier: 'PRO', source: 'payment' });
        });

        it('already_paid: a second charge for an invoice that was paid', async () => {
          await signIn();
          const row = await offer('PRO', 1);
          await pay(anna, row, 'charge-first');
          const first = await me();
          expect((await pay(anna, row, 'charge-second')).statusCode).toBe(200);
          expect(await me()).toEqual(first);
          expect(await countRows()).toEqual({ payments: 2, grants: 1 });
          const second = await t.database.db
            .select()
            .from(payments)
            .where(eq(payments.telegramPaymentChargeId, 'charge-second'));
          expect(second[0]).toMatchObject({ refundReason: 'already_paid' });
        });

        it('money for a payload we cannot place is marked too (unknown_invoice); a matching payment is not', async () => {
          await signIn();
          await hook(successfulPayment(anna, 'nonsense', 'charge-orphan-2', 'XTR', 7));
          const row = await offer('PRO', 1);
          await pay(anna, row, 'charge-fine');
          const reasons = await t.database.db
            .select({ charge: payments.telegramPaymentChargeId, reason: payments.refundReason })
            .from(payments);
          expect(new Map(reasons.map((r) => [r.charge, r.reason]))).toEqual(
            new Map([
              ['charge-orphan-2', 'unknown_invoice'],
              ['charge-fine', null],
            ]),
          );
        });
      });

      it('a database failure fails the delivery (Telegram retries) and grants nothing', async () => {
        await signIn();
        const row = await offer('PRO', 1);
        await t.database.db.execute(sql`alter table subscription_grants rename to subscription_grants_away`);
        const res = await pay(anna, row, 'charge-fail');
        expect(res.statusCode).toBe(500);
        await t.database.db.execute(sql`alter table subscription_grants_away rename to subscription_grants`);
        expect(await countRows()).toEqual({ payments: 0, grants: 0 }); // the payment row rolled back with the grant
        expect((await pay(anna, row, 'charge-fail')).statusCode).toBe(200); // Telegram's retry
        expect(await countRows()).toEqual({ payments: 1, grants: 1 });
        expect(await me()).toMatchObject({ tier: 'PRO' });
      });
    });

    describe('refunded_payment', () => {
      it('takes back what the charge granted, once; the refund and its revoke are rows', async () => {
        const userId = await signIn();
        const row = await offer('PREMIUM', 1);
        await pay(anna, row, 'charge-r');
        api.reset();
        const before = new Date();
        const counted = await metricsSnapshot();
        expect((await hook(refundedPayment(anna, row.id, 'charge-r', 'XTR', 400))).statusCode).toBe(200);
        expect(await counted.delta('wellbeing_payments_total', { outcome: 'refunded' })).toBe(1);
        expect(await me()).toEqual({ tier: 'START', expires_at: null, source: null });
        const [refund] = await t.database.db.select().from(refunds);
        expect(refund).toMatchObject({ telegramPaymentChargeId: 'charge-r', currency: 'XTR', amount: 400 });
        const revoke = (
          await t.database.db.select().from(subscriptionGrants).where(eq(subscriptionGrants.source, 'refund'))
        )[0]!;
        expect(revoke).toMatchObject({ userId, tier: 'PREMIUM' });
        near(revoke.startsAt, before);
        expect(String(api.callsOf('sendMessage')[0]!.text)).toMatch(/^Возврат оформлен/);

        await hook(refundedPayment(anna, row.id, 'charge-r', 'XTR', 400)); // again
        expect(await t.database.db.select().from(refunds)).toHaveLength(1);
        expect(
          await t.database.db.select().from(subscriptionGrants).where(eq(subscriptionGrants.source, 'refund')),
        ).toHaveLength(1);
      });

      it('after an extension only the refunded months go: trial + paid PREMIUM refunded → back to the trial’s end', async () => {
        await signIn();
        await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: t.headers(anna) });
        const trialEnd = (await me()).expires_at;
        const row = await offer('PREMIUM', 1);
        await pay(anna, row, 'charge-x');
        await hook(refundedPayment(anna, row.id, 'charge-x', 'XTR', 400));
        expect(await me()).toMatchObject({ tier: 'PREMIUM', expires_at: trialEnd });
      });

      it('a refund of a tier replaced since leaves the current tier alone', async () => {
        await signIn();
        const pro = await offer('PRO', 1);
        await pay(anna, pro, 'charge-pro');
        const premium = await offer('PREMIUM', 1);
        await pay(anna, premium, 'charge-premium');
        const held = await me();
        await hook(refundedPayment(anna, pro.id, 'charge-pro', 'XTR', 200));
        expect(await me()).toEqual(held);
        expect(await t.database.db.select().from(refunds)).toHaveLength(1);
      });

      it('/paysupport lists the payments with their numbers and refunds', async () => {
        await signIn();
        const row = await offer('PRO', 3);
        await pay(anna, row, 'charge-list');
        await hook(refundedPayment(anna, row.id, 'charge-list', 'XTR', 500));
        api.reset();
        await hook(command(anna, '/paysupport'));
        const text = String(api.callsOf('sendMessage')[0]!.text);
        expect(text).toMatch(/Ваши последние платежи:/);
        expect(text).toMatch(/PRO, 3 месяца — 500 ⭐ \(возвращено\)/);
        expect(text).toMatch(/номер: charge-list/);
      });
    });

    describe('the user’s billing records', () => {
      it('export has every grant, offer, payment and refund; deleting the user keeps only detached payment records', async () => {
        const userId = await signIn();
        await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: t.headers(anna) });
        const row = await offer('PRO', 1);
        await pay(anna, row, 'charge-e');
        await hook(refundedPayment(anna, row.id, 'charge-e', 'XTR', 200));
        const exported = await exportBilling(t.database.db, userId);
        expect(exported.grants.map((g) => [g.source, g.tier])).toEqual([
          ['trial', 'PREMIUM'],
          ['payment', 'PRO'],
          ['refund', 'PRO'],
        ]);
        expect(exported.invoices).toEqual([
          expect.objectContaining({ id: row.id, tier: 'PRO', months: 1, amount: 200, status: 'paid' }),
        ]);
        expect(exported.payments).toEqual([
          expect.objectContaining({ telegram_payment_charge_id: 'charge-e', tier: 'PRO', amount: 200 }),
        ]);
        expect(exported.refunds).toEqual([
          expect.objectContaining({ telegram_payment_charge_id: 'charge-e', amount: 200 }),
        ]);
        expect(JSON.parse(JSON.stringify(exported))).toEqual(exported); // plain JSON
        expect(await exportBilling(t.database.db, await signIn(boris))).toEqual({
          grants: [],
          invoices: [],
          payments: [],
          refunds: [],
        });

        await t.database.db.delete(users).where(eq(users.id, userId));
        for (const table of [subscriptions, subscriptionGrants, invoices])
          expect(await t.database.db.select().from(table)).toEqual([]);
        expect(await t.database.db.select().from(payments)).toEqual([
          expect.objectContaining({
            telegramPaymentChargeId: 'charge-e',
            userId: null,
            invoiceId: null,
            telegramUserId: anna.id,
            tier: 'PRO',
            amount: 200,
          }),
        ]);
        expect(await t.database.db.select().from(refunds)).toHaveLength(1);
        // a refund arriving after the erasure is recorded and revokes nothing (there is no account left)
        api.reset();
        const late = await offer('PRO', 1, boris);
        await pay(boris, late, 'charge-late');
        await t.database.db.delete(users).where(eq(users.id, await t.userId(boris.id)));
        expect((await hook(refundedPayment(boris, late.id, 'charge-late', 'XTR', 200))).statusCode).toBe(200);
        expect(await t.database.db.select().from(refunds)).toHaveLength(2);
      });
    });
  },
  { env: () => ({ TELEGRAM_API_ROOT: api.url, WEBHOOK_SECRET: SECRET }) },
);

describe('start-up: setWebhook and configuration', () => {
  it('with BOT_TOKEN and PUBLIC_URL: the webhook at /api/telegram/webhook with the secret, and the commands', async () => {
    const config = testConfig({
      TELEGRAM_API_ROOT: api.url,
      WEBHOOK_SECRET: SECRET,
      PUBLIC_URL: 'https://app.example.com/',
    });
    expect(await registerWebhook(createBot(config), config)).toBe('https://app.example.com/api/telegram/webhook');
    expect(api.callsOf('setWebhook')).toEqual([
      {
        url: 'https://app.example.com/api/telegram/webhook',
        secret_token: SECRET,
        allowed_updates: ['message', 'pre_checkout_query', 'my_chat_member'],
      },
    ]);
    expect(api.callsOf('setMyCommands')[0]!.commands).toEqual(BOT_COMMANDS);
    expect(BOT_COMMANDS.map((c) => c.command)).toEqual(['start', 'subscription', 'paysupport', 'terms']);
  });

  it('nothing is registered without PUBLIC_URL, nor with the dev token (which never reaches Telegram)', async () => {
    const noUrl = testConfig({ TELEGRAM_API_ROOT: api.url });
    expect(await registerWebhook(createBot(noUrl), noUrl)).toBeNull();
    const dev = testConfig({ BOT_TOKEN: '', TELEGRAM_API_ROOT: api.url, PUBLIC_URL: 'https://app.example.com' });
    expect(await registerWebhook(createBot(dev), dev)).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('WEBHOOK_SECRET, PUBLIC_URL and TELEGRAM_API_ROOT are checked when read', () => {
    expect(() => testConfig({ WEBHOOK_SECRET: 'has spaces' })).toThrow(/WEBHOOK_SECRET/);
    expect(() => testConfig({ WEBHOOK_SECRET: 'x'.repeat(257) })).toThrow(/WEBHOOK_SECRET/);
    expect(() => testConfig({ PUBLIC_URL: 'app.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => testConfig({ TELEGRAM_API_ROOT: 'ftp://x' })).toThrow(/TELEGRAM_API_ROOT/);
    expect(testConfig({ TELEGRAM_API_ROOT: 'http://127.0.0.1:9/' }).telegramApiRoot).toBe('http://127.0.0.1:9');
    // the derived secret depends on the token, so two bots never share one
    expect(testConfig({}).webhookSecret).not.toBe(testConfig({ BOT_TOKEN: '1:other' }).webhookSecret);
    expect(testConfig({ CARD_PROVIDER_TOKEN: ' ' }).cardProviderToken).toBeNull();
  });
});
