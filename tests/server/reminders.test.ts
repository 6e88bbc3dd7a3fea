// The reminder scheduler on both databases, with a clock the test moves, sending through the one bot to a loopback
// Bot API server: each reminder time in zones either side of UTC, skipped when the user was active that local day,
// never for users who turned reminders off, never allowed the bot, or blocked it (403), 429 and network errors
// retried with backoff and sent once, an answer lost on the way never repeated, a crash after the claim and
// during the send, a drain that stops the claiming, and the loop's start and clean stop.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { metricsSnapshot } from '../support/metrics';
import { reminderDeliveries, reminderSchedule, users } from '../../server/db/schema';
import { recordActivity } from '../../server/users/activity';
import { instantAt } from '../../server/http/time-zone';
import { REMINDER_TEXTS } from '../../server/reminders/copy';
import { nextSlot, REMINDER_HOURS, syncReminder } from '../../server/users/reminder-schedule';
import {
  CLAIM_BATCH,
  claimDue,
  LATE_MS,
  LEASE_MS,
  MESSAGES_PER_SECOND,
  runDueReminders,
  type SchedulerDeps,
} from '../../server/reminders/scheduler';
import { BotApiError, DROP_CONNECTION, startBotApi, type FakeBotApi } from '../support/bot-api';
import { describeEachDatabase, signInitData, testConfig, type TgUser } from './harness';

const PUBLIC_URL = 'https://app.example.com';
const SECRET = 'reminders-webhook-secret';

let api: FakeBotApi;
beforeAll(async () => {
  api = await startBotApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.reset());

let nextTelegramId = 8_000_000;
const person = (extra: Partial<TgUser> = {}): TgUser => ({
  id: ++nextTelegramId,
  first_name: 'Мила',
  allows_write_to_pm: true,
  ...extra,
});

describeEachDatabase(
  'reminders',
  (t) => {
    let clock = new Date('2030-03-10T00:00:00Z');
    const deps = (): SchedulerDeps => ({
      db: t.database.db,
      bot: t.app.bot,
      config: t.app.config,
      log: t.app.log,
      now: () => clock,
    });
    const tick = () => runDueReminders(deps());
    const sent = () => api.callsOf('sendMessage');

    const request = (user: TgUser, method: 'GET' | 'PATCH' | 'PUT', url: string, zone: string, payload?: object) =>
      t.app.inject({ method, url, headers: t.headers(user, { 'x-time-zone': zone }), payload });
    /** Signs the user in from `zone`, chooses the reminder time, and schedules it by the test's clock. */
    const enrol = async (user: TgUser, zone: string, time: 'morning' | 'afternoon' | 'evening' = 'evening') => {
      const res = await request(user, 'PATCH', '/api/users/me/settings', zone, { reminder_time: time });
      expect(res.statusCode, res.body).toBe(200);
      const id = await t.userId(user.id);
      const slot = await syncReminder(t.database.db, id, 'Europe/Moscow', clock);
      return { id, slot: slot! };
    };
    /** What the settings tell the app: can the bot write to the user (so reminders arrive)? */
    const canWrite = async (user: TgUser) =>
      (await request(user, 'GET', '/api/users/me/settings', 'Europe/Moscow')).json().bot_can_write;
    const scheduleOf = async (id: number) =>
      (await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.userId, id)))[0];
    const deliveryOf = async (id: number, day: string) =>
      (
        await t.database.db
          .select()
          .from(reminderDeliveries)
          .where(and(eq(reminderDeliveries.userId, id), eq(reminderDeliveries.day, day)))
      )[0];
    const at = (date: Date, ms = 0) => (clock = new Date(date.getTime() + ms));

    beforeEach(() => {
      clock = new Date('2030-03-10T00:00:00Z');
    });

    it('each reminder time in zones either side of UTC: one gentle message at the local hour, with the app button', async () => {
      const zones = ['Pacific/Kiritimati', 'Asia/Tokyo', 'America/New_York', 'Pacific/Pago_Pago'];
      const times = ['morning', 'afternoon', 'evening'] as const;
      const enrolled = [];
      for (const zone of zones)
        for (const time of times) {
          const user = person();
          enrolled.push({ user, zone, time, ...(await enrol(user, zone, time)) });
        }
      // By the instant each is due (users due at the same instant are sent together).
      const instants = [...new Set(enrolled.map((e) => e.slot.dueAt.getTime()))].sort((x, y) => x - y);
      for (const instant of instants) {
        const group = enrolled.filter((e) => e.slot.dueAt.getTime() === instant);
        api.reset();
        at(new Date(instant), -1000);
        expect(await tick()).toEqual({}); // a second early: nothing
        at(new Date(instant), 1000);
        expect(await tick()).toEqual({ sent: group.length });
        expect(await tick()).toEqual({}); // never twice
        expect(sent()).toHaveLength(group.length);
        for (const { user, zone, time, id, slot } of group) {
          expect(slot.dueAt).toEqual(instantAt(zone, slot.day, REMINDER_HOURS[time]));
          const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
          expect(local.format(slot.dueAt)).toBe(`${String(REMINDER_HOURS[time]).padStart(2, '0')}:00`);
          const mine = sent().filter((m) => m.chat_id === user.id);
          expect(mine).toHaveLength(1);
          const text = String(mine[0]!.text);
          expect(REMINDER_TEXTS[time]).toContain(text);
          expect(text).not.toMatch(/забыл|пропуст|должн|серия|потеря/i); // no guilt
          expect(mine[0]!.reply_markup).toEqual({
            inline_keyboard: [[{ text: 'Открыть приложение', web_app: { url: `${PUBLIC_URL}/` } }]],
          });
          expect(await deliveryOf(id, slot.day)).toMatchObject({
            status: 'sent',
            attempts: 1,
            messageId: expect.any(Number),
          });
          // The next one is tomorrow's, at the same local hour.
          const next = (await scheduleOf(id))!;
          expect(next.leaseUntil).toBeNull();
          expect(next.day > slot.day).toBe(true);
          expect(next.dueAt).toEqual(instantAt(zone, next.day, REMINDER_HOURS[time]));
          // Out of the way of the later instants this test walks through.
          await t.database.db.delete(reminderSchedule).where(eq(reminderSchedule.userId, id));
        }
      }
      expect(instants.length).toBeGreaterThan(6);
    });

    it('the wording changes from day to day', async () => {
      const { id, slot } = await enrol(person(), 'Europe/Moscow', 'morning');
      const texts = new Set<string>();
      for (let day = 0; day < 3; day++) {
        const { dueAt } = (await scheduleOf(id))!;
        at(dueAt, 1000);
        await tick();
        texts.add(String(sent().at(-1)!.text));
      }
      expect(sent()).toHaveLength(3);
      expect(texts.size).toBe(3);
      expect(slot.day).toBeDefined();
    });

    it('skipped when the user already wrote, chatted or finished a practice that local day', async () => {
      const zone = 'Asia/Vladivostok';
      const { id, slot } = await enrol(person(), zone, 'evening');
      // Active the day before, and at 00:10 local on the day: the day counts, the day before does not matter.
      await recordActivity(t.database.db, id, zone, instantAt(zone, slot.day, -1));
      await recordActivity(t.database.db, id, zone, new Date(instantAt(zone, slot.day).getTime() + 10 * 60_000));
      at(slot.dueAt, 1000);
      expect(await tick()).toEqual({ skipped: 1 });
      expect(sent()).toHaveLength(0);
      expect(await deliveryOf(id, slot.day)).toMatchObject({ status: 'skipped', reason: 'active' });
      // The next day, with nothing done, it comes.
      const next = (await scheduleOf(id))!;
      at(next.dueAt, 1000);
      expect(await tick()).toEqual({ sent: 1 });
    });

    it('never to a user who turned reminders off or never allowed the bot; PUT /api/users/me/bot-access records the answer', async () => {
      const off = person();
      const { id } = await enrol(off, 'Europe/Moscow');
      expect(await scheduleOf(id)).toBeDefined();
      expect(
        (await request(off, 'PATCH', '/api/users/me/settings', 'Europe/Moscow', { reminder_time: 'disabled' }))
          .statusCode,
      ).toBe(200);
      expect(await scheduleOf(id)).toBeUndefined();

      const silent = person({ allows_write_to_pm: undefined });
      const quiet = await enrol(silent, 'Europe/Moscow');
      expect(quiet.slot).toBeNull(); // never allowed: nothing scheduled
      expect(await canWrite(silent)).toBe(false); // and the settings say so
      expect(await scheduleOf(quiet.id)).toBeUndefined();
      at(new Date('2030-03-20T00:00:00Z'));
      expect(await tick()).toEqual({});

      // The app's requestWriteAccess answer: yes → scheduled; no → gone again.
      const put = (body: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/users/me/bot-access',
          headers: t.headers(silent),
          payload: body as object,
        });
      expect((await put({ allowed: 'yes' })).statusCode).toBe(422);
      const bad = await put({ allowed: true, extra: 1 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail).toMatch(/[а-яё]/i);
      const yes = await put({ allowed: true });
      expect(yes.statusCode).toBe(204);
      expect(yes.body).toBe('');
      expect(await scheduleOf(quiet.id)).toBeDefined();
      expect(await canWrite(silent)).toBe(true);
      expect((await put({ allowed: false })).statusCode).toBe(204);
      expect(await scheduleOf(quiet.id)).toBeUndefined();
      const denied = await request(silent, 'PATCH', '/api/users/me/settings', 'Europe/Moscow', {
        reminder_time: 'morning',
      });
      expect(denied.json()).toMatchObject({ reminder_time: 'morning', bot_can_write: false });
      const [row] = await t.database.db
        .select({ botAccess: users.botAccess })
        .from(users)
        .where(eq(users.id, quiet.id));
      expect(row!.botAccess).toBe('denied');
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/users/me/bot-access', payload: { allowed: true } })).statusCode,
      ).toBe(401);
    });

    it('a 403 (blocked) is recorded and stops reminders until the user writes to the bot again', async () => {
      const user = person();
      const { id, slot } = await enrol(user, 'Europe/Moscow');
      expect(await canWrite(user)).toBe(true);
      api.answer('sendMessage', () => new BotApiError(403, 'Forbidden: bot was blocked by the user'));
      at(slot.dueAt, 1000);
      expect(await tick()).toEqual({ blocked: 1 });
      expect(await deliveryOf(id, slot.day)).toMatchObject({ status: 'blocked' });
      const [row] = await t.database.db.select({ blockedAt: users.botBlockedAt }).from(users).where(eq(users.id, id));
      expect(row!.blockedAt).not.toBeNull();
      expect(await scheduleOf(id)).toBeUndefined();
      // Signing in again (allows_write_to_pm is still signed) does not lift the block.
      t.app.initDataCache.clear();
      expect((await request(user, 'GET', '/api/users/me', 'Europe/Moscow')).statusCode).toBe(200);
      expect(await scheduleOf(id)).toBeUndefined();
      expect(await canWrite(user)).toBe(false); // the app shows why the reminders stopped
      at(slot.dueAt, 2 * 86_400_000);
      expect(await tick()).toEqual({});

      // /start in the bot's chat: it may write again, and /start is still answered.
      api.reset();
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload: {
          update_id: 1,
          message: {
            message_id: 1,
            date: Math.floor(Date.now() / 1000),
            chat: { id: user.id, type: 'private', first_name: user.first_name },
            from: { id: user.id, is_bot: false, first_name: user.first_name },
            text: '/start',
            entities: [{ type: 'bot_command', offset: 0, length: 6 }],
          },
        },
      });
      expect(start.statusCode).toBe(200);
      expect(sent()).toHaveLength(1); // the /start greeting
      expect(await canWrite(user)).toBe(true);
      const back = (await scheduleOf(id))!;
      expect(back).toBeDefined();
      await syncReminder(t.database.db, id, 'Europe/Moscow', clock);
      at((await scheduleOf(id))!.dueAt, 1000);
      expect(await tick()).toEqual({ sent: 1 });

      // Blocking the bot in Telegram (my_chat_member → kicked) stops them too.
      const kicked = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload: {
          update_id: 2,
          my_chat_member: {
            chat: { id: user.id, type: 'private', first_name: user.first_name },
            from: { id: user.id, is_bot: false, first_name: user.first_name },
            date: Math.floor(Date.now() / 1000),
            old_chat_member: { status: 'member', user: { id: 1234567890, is_bot: true, first_name: 'bot' } },
            new_chat_member: {
              status: 'kicked',
              until_date: 0,
              user: { id: 1234567890, is_bot: true, first_name: 'bot' },
            },
          },
        },
      });
      expect(kicked.statusCode).toBe(200);
      expect(await scheduleOf(id)).toBeUndefined();
    });

    it('429 with retry_after: retried after the wait, and Telegram sees the message once', async () => {
      const { id, slot } = await enrol(person(), 'Europe/Moscow');
      api.answer('sendMessage', () => new BotApiError(429, 'Too Many Requests: retry after 45', { retry_after: 45 }));
      at(slot.dueAt, 1000);
      expect(await tick()).toEqual({ retry: 1 });
      expect(await deliveryOf(id, slot.day)).toMatchObject({ status: 'retry', attempts: 1 });
      expect((await scheduleOf(id))!.dueAt).toEqual(new Date(clock.getTime() + 45_000));
      api.reset(); // Telegram accepts again
      at(clock, 30_000);
      expect(await tick()).toEqual({}); // not before retry_after
      at(clock, 16_000);
      expect(await tick()).toEqual({ sent: 1 });
      expect(await tick()).toEqual({});
      expect(sent()).toHaveLength(1);
      expect(await deliveryOf(id, slot.day)).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('a network error before the request left: retried with growing backoff, then sent once', async () => {
      const { id, slot } = await enrol(person(), 'Europe/Moscow');
      await api.offline();
      try {
        at(slot.dueAt, 1000);
        expect(await tick()).toEqual({ retry: 1 });
        const first = (await scheduleOf(id))!.dueAt.getTime() - clock.getTime();
        at(clock, first);
        expect(await tick()).toEqual({ retry: 1 });
        const second = (await scheduleOf(id))!.dueAt.getTime() - clock.getTime();
        expect(second).toBe(2 * first); // backoff doubles
      } finally {
        await api.online();
      }
      at((await scheduleOf(id))!.dueAt, 0);
      expect(await tick()).toEqual({ sent: 1 });
      expect(sent()).toHaveLength(1);
      expect(await deliveryOf(id, slot.day)).toMatchObject({ status: 'sent', attempts: 3 });
    });

    it('an answer lost on the way (the request may have arrived): unknown, never repeated', async () => {
      const { id, slot } = await enrol(person(), 'Europe/Moscow');
      api.answer('sendMessage', () => DROP_CONNECTION);
      at(slot.dueAt, 1000);
      expect(await tick()).toEqual({ unknown: 1 });
      expect(sent()).toHaveLength(1);
      api.reset();
      expect(await tick()).toEqual({});
      expect(await deliveryOf(id, slot.day)).toMatchObject({ status: 'unknown' });
      expect((await scheduleOf(id))!.day > slot.day).toBe(true); // on to tomorrow
    });

    it('a crash after the claim: the lease runs out and another instance sends it, once', async () => {
      const { id, slot } = await enrol(person(), 'Europe/Moscow');
      at(slot.dueAt, 1000);
      expect(await claimDue(t.database.db, clock)).toEqual([{ userId: id, day: slot.day }]); // …and the instance dies
      expect(await tick()).toEqual({}); // held by the dead instance's lease
      at(clock, LEASE_MS - 2000);
      expect(await tick()).toEqual({});
      at(clock, 2000);
      expect(await tick()).toEqual({ sent: 1 });
      expect(await tick()).toEqual({});
      expect(sent()).toHaveLength(1);
    });

    it('a crash during the send: the day is unknown and is not sent again (at most once)', async () => {
      const { id, slot } = await enrol(person(), 'Europe/Moscow');
      at(slot.dueAt, 1000);
      await claimDue(t.database.db, clock);
      // What the instance wrote right before its sendMessage, then it died.
      await t.database.db
        .insert(reminderDeliveries)
        .values({ userId: id, day: slot.day, status: 'sending', attempts: 1 });
      at(clock, LEASE_MS + 1000);
      expect(await tick()).toEqual({ unknown: 1 });
      expect(sent()).toHaveLength(0);
      expect(await deliveryOf(id, slot.day)).toMatchObject({ status: 'unknown' });
      expect((await scheduleOf(id))!.day > slot.day).toBe(true);
    });

    it('a reminder hours late (the server was down) is dropped, and the next day’s comes', async () => {
      const { id, slot } = await enrol(person(), 'Europe/Moscow', 'morning');
      at(slot.dueAt, LATE_MS + 60_000);
      expect(await tick()).toEqual({ late: 1 });
      expect(sent()).toHaveLength(0);
      const next = (await scheduleOf(id))!;
      expect(next.day > slot.day).toBe(true);
      at(next.dueAt, 1000);
      expect(await tick()).toEqual({ sent: 1 });
    });

    it('paced: after each full batch the instance waits, so it sends at most 25 messages a second', async () => {
      const users = [];
      for (let i = 0; i < CLAIM_BATCH * 2 + 5; i++) users.push(await enrol(person(), 'Europe/Moscow'));
      at(users[0]!.slot.dueAt, 1000);
      const pauses: number[] = [];
      const report = await runDueReminders({ ...deps(), sleep: async (ms) => void pauses.push(ms) });
      expect(report).toEqual({ sent: users.length });
      expect(sent()).toHaveLength(users.length);
      // Two full batches of 20: a pause after each, up to 20 / 25 s; none after the last, partial one.
      expect(pauses).toHaveLength(2);
      for (const ms of pauses) {
        expect(ms).toBeGreaterThanOrEqual(0); // what is left of 20 / 25 s after the batch's own time
        expect(ms).toBeLessThanOrEqual((CLAIM_BATCH * 1000) / MESSAGES_PER_SECOND);
      }
    });

    it('a drain stops the claiming: the batch in hand is sent, the rest stays due and unclaimed for another instance', async () => {
      const users = [];
      for (let i = 0; i < CLAIM_BATCH * 2 + 5; i++) users.push(await enrol(person(), 'Europe/Moscow'));
      at(users[0]!.slot.dueAt, 1000);
      const drain = new AbortController();
      // SIGTERM arrives while the first full batch is being paced.
      const report = await runDueReminders({ ...deps(), stop: drain.signal, sleep: async () => drain.abort() });
      expect(report).toEqual({ sent: CLAIM_BATCH });
      expect(sent()).toHaveLength(CLAIM_BATCH);
      const rows = await t.database.db.select().from(reminderSchedule);
      const waiting = rows.filter((r) => r.dueAt <= clock);
      expect(waiting).toHaveLength(CLAIM_BATCH + 5);
      expect(waiting.every((r) => r.leaseUntil === null)).toBe(true);
    });

    it('the loop runs in the app on its tick and stops with it', async () => {
      const user = person();
      const { id } = await enrol(user, 'Europe/Moscow');
      // Due a minute ago by the real clock (the loop reads it), for the day of the next 20:00 in Moscow: today's
      // date would be dropped as late from 23:00 Moscow on (LATE_MS after the hour), whatever the loop does.
      await t.database.db
        .update(reminderSchedule)
        .set({
          dueAt: new Date(Date.now() - 60_000),
          day: nextSlot('Europe/Moscow', REMINDER_HOURS.evening, new Date()).day,
        })
        .where(eq(reminderSchedule.userId, id));
      const app = await buildApp({
        database: t.database,
        config: testConfig({ TELEGRAM_API_ROOT: api.url, PUBLIC_URL, REMINDER_TICK_MS: '20' }),
      });
      const counted = await metricsSnapshot();
      await app.ready();
      const deadline = Date.now() + 10_000;
      while (sent().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await app.close();
      expect(sent()).toHaveLength(1);
      expect(await counted.delta('wellbeing_reminders_total', { outcome: 'sent' })).toBe(1); // /metrics counts it
      const calls = api.calls.length;
      await new Promise((r) => setTimeout(r, 100));
      expect(api.calls.length).toBe(calls); // closed: no more ticks
    });
  },
  { env: () => ({ TELEGRAM_API_ROOT: api.url, PUBLIC_URL, WEBHOOK_SECRET: SECRET }) },
);

it('init data signed with allows_write_to_pm is what the tests sign', () => {
  expect(decodeURIComponent(signInitData(person()))).toContain('"allows_write_to_pm":true');
});
