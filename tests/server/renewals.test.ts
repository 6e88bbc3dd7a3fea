// Monthly plans that renew through Telegram Stars subscriptions, on both databases, against the loopback Bot API:
// three months renew with exactly three grants however Telegram delivers them (again, concurrently, out of order),
// cancelling in the profile stops the next, the end-of-plan messages arrive once each, refunds take back one
// period, an upgrade cancels the subscription it replaces, longer periods stay one-off, /subscription.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../machines/paths';
import { buildApp } from '../../server/app';
import { effectiveTier } from '../../server/billing/quota';
import { PLAN_END_COPY, PLANS_PATH, runPlanEndNotices } from '../../server/billing/plan-end';
import { RENEWAL_DETAILS } from '../../server/billing/renewals';
import { invoices, payments, planEndNotices, subscriptionGrants, subscriptions, users } from '../../server/db/schema';
import { createLogger } from '../../server/http/logger';
import { addDays, instantAt, localDate } from '../../server/http/time-zone';
import { DEV_BOT_TOKEN } from '../../server/config';
import { RISK_WINDOW_MS } from '../../server/users/risk';
import { BotApiError, startBotApi, type FakeBotApi } from '../support/bot-api';
import { describeEachDatabase, signInitData, testConfig, type TgUser } from './harness';

const SECRET = 'renewals-webhook-secret';
const PUBLIC_URL = 'https://app.example.com';
const ZONE = 'Europe/Moscow';
const DAY_MS = 86_400_000;
const PERIOD_MS = 30 * DAY_MS; // Telegram's subscription_period, 2592000 s

let api: FakeBotApi;
beforeAll(async () => {
  api = await startBotApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.reset());

let updateId = 0;
let nextTelegramId = 9_100_000;
const person = (): TgUser => ({ id: ++nextTelegramId, first_name: 'Вера', allows_write_to_pm: true });
const message = (u: TgUser, extra: Record<string, unknown>) => ({
  update_id: ++updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: u.id, type: 'private', first_name: u.first_name },
    from: { ...u, is_bot: false },
    ...extra,
  },
});
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
/** 18:00 in Moscow on the day `ms` from now: a plan end whose local day is plain to test. */
const eveningIn = (ms: number) => instantAt(ZONE, localDate(ZONE, new Date(Date.now() + ms)), 18);

describeEachDatabase(
  'renewals',
  (t) => {
    const hook = (update: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload: JSON.stringify(update),
      });
    const me = async (u: TgUser) =>
      (await t.app.inject({ method: 'GET', url: '/api/subscriptions/me', headers: t.headers(u) })).json() as {
        tier: string;
        expires_at: string | null;
        source: string | null;
        renewal?: { auto_renew: boolean; renews_at: string };
      };
    const renewal = (u: TgUser, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/subscriptions/me/renewal',
        headers: t.headers(u),
        payload: payload as object,
      });
    const signIn = async (u: TgUser) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: t.headers(u) });
      expect(res.statusCode, res.body).toBe(200);
      return t.userId(u.id);
    };
    const offer = async (u: TgUser, tier: string, period: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/invoice',
        headers: t.headers(u),
        payload: { tier, period, method: 'stars' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.url, res.json().invoice_url));
      return row!;
    };
    /** A subscription charge as Telegram reports it: the first (is_first_recurring) or a renewal. */
    const charge = (u: TgUser, inv: { id: string; amount: number }, chargeId: string, paidUntil: Date, first = false) =>
      hook(
        message(u, {
          successful_payment: {
            currency: 'XTR',
            total_amount: inv.amount,
            invoice_payload: inv.id,
            telegram_payment_charge_id: chargeId,
            provider_payment_charge_id: '',
            is_recurring: true,
            ...(first ? { is_first_recurring: true } : {}),
            subscription_expiration_date: unix(paidUntil),
          },
        }),
      );
    const grantsOf = async (userId: number, source = 'payment') =>
      t.database.db
        .select()
        .from(subscriptionGrants)
        .where(and(eq(subscriptionGrants.userId, userId), eq(subscriptionGrants.source, source)));
    const notices = (now: Date) =>
      runPlanEndNotices({ db: t.database.db, bot: t.app.bot, config: t.app.config, log: t.app.log, now: () => now });
    const sent = () => api.callsOf('sendMessage');

    it('three months renew with exactly three grants; cancelling stops the next; the end-of-plan words come once each', async () => {
      const vera = person();
      const id = await signIn(vera);
      const inv = await offer(vera, 'PRO', 1);
      expect(inv).toMatchObject({ recurring: true, currency: 'XTR', amount: 200 });
      expect(api.callsOf('createInvoiceLink')[0]).toMatchObject({ subscription_period: 2592000 });

      const ends = [eveningIn(PERIOD_MS), eveningIn(2 * PERIOD_MS), eveningIn(3 * PERIOD_MS)];
      expect((await charge(vera, inv, 'sub-1', ends[0]!, true)).statusCode).toBe(200);
      // Telegram retries and re-delivers: each renewal twice, concurrently, and the first charge once more.
      const deliveries = await Promise.all([
        charge(vera, inv, 'sub-2', ends[1]!),
        charge(vera, inv, 'sub-2', ends[1]!),
        charge(vera, inv, 'sub-3', ends[2]!),
        charge(vera, inv, 'sub-3', ends[2]!),
        charge(vera, inv, 'sub-1', ends[0]!, true),
      ]);
      expect(deliveries.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

      const grants = await grantsOf(id);
      expect(grants).toHaveLength(3);
      expect(grants.map((g) => g.expiresAt!.getTime()).sort()).toEqual(ends.map((d) => d.getTime()));
      for (const g of grants) expect(g.expiresAt!.getTime() - g.startsAt.getTime()).toBe(PERIOD_MS);
      expect(await me(vera)).toEqual({
        tier: 'PRO',
        expires_at: ends[2]!.toISOString(),
        source: 'payment',
        renewal: { auto_renew: true, renews_at: ends[2]!.toISOString() },
      });
      // Thanks for the first charge, a short «продлена» for each renewal — once per charge.
      const texts = sent().map((m) => String(m.text));
      expect(texts.filter((x) => x.startsWith('Спасибо за оплату!'))).toHaveLength(1);
      expect(texts.filter((x) => x.startsWith('Подписка PRO продлена до'))).toHaveLength(2);

      // While it renews, no end-of-plan word.
      const endDay = localDate(ZONE, ends[2]!);
      const soon = instantAt(ZONE, addDays(endDay, -3), 12);
      api.reset();
      expect(await notices(soon)).toEqual({});

      // «Отменить автопродление»: Telegram is told, the profile shows the end.
      const cancel = await renewal(vera, { auto_renew: false });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(api.callsOf('editUserStarSubscription')).toEqual([
        { user_id: vera.id, telegram_payment_charge_id: 'sub-1', is_canceled: true },
      ]);
      expect(cancel.json()).toEqual({
        tier: 'PRO',
        expires_at: ends[2]!.toISOString(),
        source: 'payment',
        renewal: { auto_renew: false, renews_at: ends[2]!.toISOString() },
      });

      // Three days before (the local day, at a waking hour): one word; another run or instance sends nothing more.
      api.reset();
      expect(await notices(instantAt(ZONE, addDays(endDay, -3), 8))).toEqual({}); // 8:00: too early
      expect(await notices(soon)).toEqual({ sent: 1 });
      expect(await notices(soon)).toEqual({});
      expect(await notices(instantAt(ZONE, addDays(endDay, -2), 12))).toEqual({});
      // On the day: one more; then nothing, whatever runs.
      const onTheDay = instantAt(ZONE, endDay, 11);
      expect((await Promise.all([notices(onTheDay), notices(onTheDay)])).map((r) => r.sent ?? 0).sort()).toEqual([
        0, 1,
      ]);
      expect(await notices(instantAt(ZONE, endDay, 17))).toEqual({});
      expect(sent().map((m) => m.text)).toEqual([
        PLAN_END_COPY.soon('PRO', ends[2]!, ZONE),
        PLAN_END_COPY.today('PRO'),
      ]);
      expect(sent()[0]!.chat_id).toBe(vera.id);
      expect(sent()[0]!.reply_markup).toEqual({
        inline_keyboard: [[{ text: 'Открыть тарифы', web_app: { url: `${PUBLIC_URL}/app/profile/subscription` } }]],
      });
      expect(await t.database.db.select().from(planEndNotices).where(eq(planEndNotices.userId, id))).toHaveLength(2);

      // No fourth charge comes: access ends with the paid period.
      expect(await effectiveTier(t.database.db, id, new Date(ends[2]!.getTime() - 1000))).toBe('PRO');
      expect(await effectiveTier(t.database.db, id, new Date(ends[2]!.getTime() + 1000))).toBe('START');
    });

    it('renewals delivered out of order land on the same end; «Возобновить» re-enables it in Telegram', async () => {
      const u = person();
      const id = await signIn(u);
      const inv = await offer(u, 'PREMIUM', 1);
      const ends = [eveningIn(PERIOD_MS), eveningIn(2 * PERIOD_MS), eveningIn(3 * PERIOD_MS)];
      await charge(u, inv, 'ooo-1', ends[0]!, true);
      await charge(u, inv, 'ooo-3', ends[2]!);
      await charge(u, inv, 'ooo-2', ends[1]!);
      expect(await grantsOf(id)).toHaveLength(3);
      expect((await me(u)).expires_at).toBe(ends[2]!.toISOString());

      expect((await renewal(u, { auto_renew: false })).statusCode).toBe(200);
      const resumed = await renewal(u, { auto_renew: true });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json().renewal).toEqual({ auto_renew: true, renews_at: ends[2]!.toISOString() });
      expect(api.callsOf('editUserStarSubscription').map((c) => c.is_canceled)).toEqual([true, false]);
    });

    it('a refund takes back that period only, also after the next renewal', async () => {
      const u = person();
      const id = await signIn(u);
      const inv = await offer(u, 'PRO', 1);
      const ends = [eveningIn(PERIOD_MS), eveningIn(2 * PERIOD_MS), eveningIn(3 * PERIOD_MS)];
      await charge(u, inv, 'ref-1', ends[0]!, true);
      await charge(u, inv, 'ref-2', ends[1]!);
      await charge(u, inv, 'ref-3', ends[2]!);
      const refund = message(u, {
        refunded_payment: {
          currency: 'XTR',
          total_amount: inv.amount,
          invoice_payload: inv.id,
          telegram_payment_charge_id: 'ref-2',
        },
      });
      expect((await hook(refund)).statusCode).toBe(200);
      expect((await hook(refund)).statusCode).toBe(200); // again: nothing more
      expect((await me(u)).expires_at).toBe(new Date(ends[2]!.getTime() - PERIOD_MS).toISOString());
      expect(await grantsOf(id, 'refund')).toHaveLength(1);
      expect(await grantsOf(id)).toHaveLength(3);
    });

    it('an upgrade cancels the subscription it replaces; a late renewal of it grants nothing', async () => {
      const u = person();
      const id = await signIn(u);
      const pro = await offer(u, 'PRO', 1);
      await charge(u, pro, 'up-1', eveningIn(PERIOD_MS), true);
      const premium = await offer(u, 'PREMIUM', 3);
      expect(premium.recurring).toBe(false);
      expect(api.callsOf('createInvoiceLink')[1]).not.toHaveProperty('subscription_period');
      api.reset();
      const paid = await hook(
        message(u, {
          successful_payment: {
            currency: 'XTR',
            total_amount: premium.amount,
            invoice_payload: premium.id,
            telegram_payment_charge_id: 'up-premium',
            provider_payment_charge_id: '',
          },
        }),
      );
      expect(paid.statusCode).toBe(200);
      expect(api.callsOf('editUserStarSubscription')).toEqual([
        { user_id: u.id, telegram_payment_charge_id: 'up-1', is_canceled: true },
      ]);
      const after = await me(u);
      expect(after.tier).toBe('PREMIUM');
      expect(after).not.toHaveProperty('renewal'); // 3 months: one-off
      // Telegram charged the old one anyway (the cancel had not reached it): recorded for a refund, nothing granted.
      expect((await charge(u, pro, 'up-2', eveningIn(2 * PERIOD_MS))).statusCode).toBe(200);
      const [late] = await t.database.db.select().from(payments).where(eq(payments.telegramPaymentChargeId, 'up-2'));
      expect(late!.refundReason).toBe('superseded');
      expect(await me(u)).toEqual(after);
      expect(await grantsOf(id)).toHaveLength(2);
    });

    it('cancelling: 409 for a one-off plan, 422 for a bad body, 503 when Telegram refuses (nothing recorded)', async () => {
      const u = person();
      await signIn(u);
      const none = await renewal(u, { auto_renew: false });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toEqual({ detail: RENEWAL_DETAILS.none });
      expect((await renewal(u, { auto_renew: 'нет' })).statusCode).toBe(422);
      expect((await renewal(u, { auto_renew: false, extra: 1 })).statusCode).toBe(422);

      const inv = await offer(u, 'PRO', 1);
      await charge(u, inv, 'r503-1', eveningIn(PERIOD_MS), true);
      api.answer('editUserStarSubscription', () => new BotApiError(400, 'Bad Request: SUBSCRIPTION_NOT_FOUND'));
      const refused = await renewal(u, { auto_renew: false });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ detail: RENEWAL_DETAILS.telegram });
      expect((await me(u)).renewal).toMatchObject({ auto_renew: true });
    });

    it('a server without BOT_TOKEN: 503 in the user’s words, nothing asked of Telegram; the log says why', async () => {
      const u = person();
      await signIn(u);
      await charge(u, await offer(u, 'PRO', 1), 'dev-1', eveningIn(PERIOD_MS), true);
      const log: string[] = [];
      const config = testConfig({ BOT_TOKEN: '' });
      const logger = createLogger({ ...config, logLevel: 'info' }, { write: (line: string) => void log.push(line) });
      const dev = await buildApp({ database: t.database, config, logger });
      try {
        const res = await dev.inject({
          method: 'PUT',
          url: '/api/subscriptions/me/renewal',
          headers: { 'x-init-data': signInitData(u, { botToken: DEV_BOT_TOKEN }) },
          payload: { auto_renew: false },
        });
        expect(res.statusCode).toBe(503);
        // Issue 24: never «сервер запущен без BOT_TOKEN» to the user; the operator reads it in the log.
        expect(res.json()).toEqual({ detail: 'Автопродление сейчас не изменить. Попробуйте, пожалуйста, позже' });
        expect(log.join('')).toContain('auto-renewal not changed: the server runs without BOT_TOKEN');
        expect((await me(u)).renewal).toMatchObject({ auto_renew: true });
      } finally {
        await dev.close();
      }
    });

    it('end-of-plan words: never with reminders off, to a blocked user, or within 72 h of a risk signal', async () => {
      const end = eveningIn(5 * DAY_MS);
      const soon = instantAt(ZONE, addDays(localDate(ZONE, end), -3), 12);
      const users3 = [person(), person(), person()];
      const ids = [];
      for (const u of users3) {
        const id = await signIn(u);
        ids.push(id);
        await t.setTier(u.id, 'PRO', end);
      }
      const [, blocked, risk] = ids as [number, number, number];
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: '/api/users/me/settings',
            headers: t.headers(users3[0]),
            payload: { reminder_time: 'disabled' },
          })
        ).statusCode,
      ).toBe(200);
      await t.database.db.update(users).set({ botBlockedAt: new Date() }).where(eq(users.id, blocked));
      await t.database.db
        .update(users)
        .set({ riskFlaggedAt: new Date(soon.getTime() - RISK_WINDOW_MS + 3_600_000) })
        .where(eq(users.id, risk));
      // setTier grants by hand: make them paid one-off plans, which are the ones that get the word.
      for (const id of ids)
        await t.database.db.update(subscriptions).set({ source: 'payment' }).where(eq(subscriptions.userId, id));

      expect(await notices(soon)).toEqual({ risk: 1 });
      expect(sent()).toEqual([]);
      // Two hours later the window has closed: the word goes (it was not claimed while it was open).
      expect(await notices(new Date(soon.getTime() + 2 * 3_600_000))).toEqual({ sent: 1 });
      expect(sent()[0]!.chat_id).toBe(users3[2]!.id);
    });

    it('a 403 marks the user blocked and is not repeated', async () => {
      const u = person();
      const id = await signIn(u);
      const end = eveningIn(5 * DAY_MS);
      await t.setTier(u.id, 'PRO', end);
      await t.database.db.update(subscriptions).set({ source: 'payment' }).where(eq(subscriptions.userId, id));
      api.answer('sendMessage', () => new BotApiError(403, 'Forbidden: bot was blocked by the user'));
      const soon = instantAt(ZONE, addDays(localDate(ZONE, end), -3), 12);
      expect(await notices(soon)).toEqual({ blocked: 1 });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
      expect(row!.botBlockedAt).not.toBeNull();
      expect(await notices(new Date(soon.getTime() + 60_000))).toEqual({});
    });

    describe('/subscription', () => {
      const command = (u: TgUser) =>
        message(u, { text: '/subscription', entities: [{ type: 'bot_command', offset: 0, length: 13 }] });

      it('shows the next charge, the end after cancelling, or START — with the app button', async () => {
        const u = person();
        await signIn(u);
        await hook(command(u));
        expect(sent()[0]).toMatchObject({
          chat_id: u.id,
          text: 'Сейчас у вас тариф «Старт». Тарифы и оплата — в приложении.',
          reply_markup: { inline_keyboard: [[{ text: 'Открыть приложение', web_app: { url: `${PUBLIC_URL}/` } }]] },
        });
        const inv = await offer(u, 'PRO', 1);
        const end = instantAt(ZONE, '2031-01-15', 18);
        await charge(u, inv, 'cmd-1', end, true);
        api.reset();
        await hook(command(u));
        expect(sent()[0]!.text).toBe(
          'Тариф PRO — подписка с автопродлением.\nСледующее списание: 15 января 2031 г.\nОтменить автопродление можно в профиле приложения.',
        );
        await renewal(u, { auto_renew: false });
        api.reset();
        await hook(command(u));
        expect(sent()[0]!.text).toBe(
          'Тариф PRO действует до 15 января 2031 г.\nАвтопродление отменено — возобновить его можно в профиле приложения до этой даты.',
        );
      });
    });
  },
  { env: () => ({ TELEGRAM_API_ROOT: api.url, PUBLIC_URL, WEBHOOK_SECRET: SECRET }) },
);

it("the plans button opens the plans page (machines/paths.ts's subscription)", () => {
  expect(PLANS_PATH).toBe(paths.subscription);
});
