// The bot's word before a paid plan ends — a one-off period, or a subscription whose renewal was cancelled: one
// gentle message three days before ('soon') and one on the day ('today', the user's local date), each with a
// button into the plans page. Only to users the bot may write to who keep reminders on, never in the 72 hours
// after a risk signal (nothing upsells then, docs/safety.md), and at a waking hour of the user's zone.
// Exactly once across instances: plan_end_notices' primary key is the claim (as reminder_deliveries' is) — only
// the statement that inserts the row sends; a send whose answer was lost is 'unknown' and never repeated.
import type { FastifyBaseLogger } from 'fastify';
import { InlineKeyboard, type Bot } from 'grammy';
import type { Db } from '../db';
import { addDays, localDate } from '../http/time-zone';
import { classify } from '../bot/service';
import type { Config } from '../config';
import { inRiskWindow, recordBlocked } from '../users/service';
import { planOf, type Tier } from './plans';
import { claimNotice, endingPlans, releaseNotice, settleNotice, type NoticeKind } from './repository';

const DAY_MS = 86_400_000;
/** The local hours a notice may go at: not in the night. */
export const NOTICE_HOURS = { from: 10, to: 21 } as const;

const dateRu = (d: Date, timeZone: string) =>
  d.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone });

export const PLAN_END_COPY = {
  soon: (tier: Tier, endsAt: Date, zone: string) =>
    `${dateRu(endsAt, zone)} заканчивается оплаченный период тарифа ${planOf(tier).name}. ` +
    'Если захотите продолжить, тарифы — в приложении. А если нет — базовые возможности останутся с вами.',
  today: (tier: Tier) =>
    `Сегодня заканчивается оплаченный период тарифа ${planOf(tier).name}. ` +
    'Продлить его можно в приложении, когда будет удобно. Дневник и ваши записи остаются с вами в любом случае.',
  button: 'Открыть тарифы',
  noButton: 'Тарифы — в приложении: кнопка меню в этом чате.',
} as const;

/** The plans page: machines/paths.ts `subscription` (the server imports no machine; a test keeps them equal). */
export const PLANS_PATH = '/app/profile/subscription';

/** The web_app button into the plans page, or null without an https PUBLIC_URL. */
export function plansButton(config: Pick<Config, 'publicUrl'>): InlineKeyboard | null {
  return config.publicUrl?.startsWith('https://')
    ? new InlineKeyboard().webApp(PLAN_END_COPY.button, `${config.publicUrl}${PLANS_PATH}`)
    : null;
}

/** Which notice is due now for a plan ending at `endsAt` in `zone`, if any. */
export function noticeDue(endsAt: Date, zone: string, now: Date): NoticeKind | null {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(now),
  );
  if (hour < NOTICE_HOURS.from || hour >= NOTICE_HOURS.to) return null;
  const today = localDate(zone, now);
  const endDay = localDate(zone, endsAt);
  if (today === endDay) return endsAt > now ? 'today' : null;
  // From three days before: a plan cancelled later than that still gets its word (the text names the date).
  return today >= addDays(endDay, -3) && today < endDay ? 'soon' : null;
}

export interface PlanEndDeps {
  db: Db;
  bot: Bot;
  config: Pick<Config, 'defaultTimeZone' | 'publicUrl'>;
  log: FastifyBaseLogger;
  now: () => Date;
}

export type PlanEndReport = Partial<Record<'sent' | 'blocked' | 'failed' | 'unknown' | 'risk', number>>;

/** Sends the end-of-plan notices due now; returns what happened. */
export async function runPlanEndNotices(deps: PlanEndDeps): Promise<PlanEndReport> {
  const { db, log } = deps;
  const now = deps.now();
  const report: PlanEndReport = {};
  const count = (k: keyof PlanEndReport) => (report[k] = (report[k] ?? 0) + 1);
  const button = plansButton(deps.config);
  for (const plan of await endingPlans(db, now, new Date(now.getTime() + 4 * DAY_MS))) {
    const zone = plan.timeZone ?? deps.config.defaultTimeZone;
    const kind = noticeDue(plan.endsAt!, zone, now);
    if (!kind) continue;
    // Not claimed: once the window closes (if the day is still ahead), the word may still go.
    if (inRiskWindow(plan.riskFlaggedAt, now)) {
      count('risk');
      continue;
    }
    const key = { userId: plan.userId, endsAt: plan.endsAt!, kind };
    if (!(await claimNotice(db, key.userId, key.endsAt, kind))) continue;
    const tier = plan.tier as Tier;
    const text = kind === 'soon' ? PLAN_END_COPY.soon(tier, key.endsAt, zone) : PLAN_END_COPY.today(tier);
    try {
      const message = await deps.bot.api.sendMessage(
        plan.telegramId,
        button ? text : `${text}\n\n${PLAN_END_COPY.noButton}`,
        button ? { reply_markup: button } : {},
      );
      await settleNotice(db, key, 'sent', { messageId: message.message_id });
      count('sent');
    } catch (error) {
      const failure = classify(error);
      log.warn({ err: error, userId: plan.userId, kind, failure: failure.kind }, 'plan-end notice not sent');
      if (failure.kind === 'retry') {
        await releaseNotice(db, key); // surely not sent (429, or refused before it left): a later tick tries again
        continue;
      }
      // At most once: an answer lost on the way may hide a sent message — never repeated.
      const status = failure.kind === 'blocked' ? 'blocked' : failure.kind === 'unknown' ? 'unknown' : 'failed';
      await settleNotice(db, key, status, { reason: failure.reason });
      if (status === 'blocked') await recordBlocked(db, plan.telegramId, deps.config.defaultTimeZone, now);
      count(status);
    }
  }
  return report;
}
