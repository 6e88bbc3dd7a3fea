// The bot's billing side: Telegram's payment updates (pre-checkout, successful and refunded payments) and the
// commands a bot selling digital goods must answer, /paysupport and /terms. Registered on app.bot by the billing
// plugin. A failure to record a payment fails the update (Telegram delivers it again; recording is idempotent); a
// failure to send a message does not.
import type { FastifyBaseLogger } from 'fastify';
import { Composer, type Context } from 'grammy';
import { monthsPhrase } from '../../contract/months';
import { sendQuietly } from '../bot/send';
import { openAppButton } from '../bot/start-command';
import type { Db } from '../db';
import type { Config } from '../start/config';
import {
  checkPreCheckout,
  PRE_CHECKOUT_ERRORS,
  recentPayments,
  recordPayment,
  recordRefund,
  type PreCheckoutVerdict,
} from './payments';
import { planOf, type Tier } from './plans';

const dateRu = (d: Date) =>
  d.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
const amountRu = (currency: string, amount: number) =>
  currency === 'XTR'
    ? `${amount} ⭐`
    : `${(amount / 100).toLocaleString('ru-RU')} ${currency === 'RUB' ? '₽' : currency}`;

export const BILLING_BOT_COPY = {
  thanks: (tier: Tier, until: Date | null) =>
    `Спасибо за оплату! Тариф ${planOf(tier).name} активен${until ? ` до ${dateRu(until)}` : ''}. Откройте приложение, чтобы продолжить.`,
  refunded: 'Возврат оформлен: деньги вернутся на ваш счёт, оплаченный период отменён.',
  paySupport: (supportUrl: string | null) =>
    [
      'Поддержка по оплате.',
      'Если оплата прошла, а подписка не появилась, обычно достаточно подождать минуту и открыть приложение заново. ' +
        'Если нужен возврат или что-то пошло не так, ' +
        (supportUrl
          ? `напишите нам: ${supportUrl}`
          : 'напишите в поддержку из раздела «Помощь и поддержка» в приложении') +
        ' — укажите дату и номер платежа.',
    ].join('\n\n'),
  noPayments: 'Платежей пока нет.',
  paymentsUnavailable: 'Список платежей сейчас не открылся — попробуйте /paysupport ещё раз чуть позже.',
  paymentsTitle: 'Ваши последние платежи:',
  payment: (p: {
    chargeId: string;
    tier: string | null;
    months: number | null;
    currency: string;
    amount: number;
    createdAt: Date;
    refundReason: string | null;
    refundedAt: Date | null;
  }) =>
    `• ${dateRu(p.createdAt)}: ${p.tier ? `${planOf(p.tier as Tier).name}, ${monthsPhrase(p.months ?? 0)}` : 'оплата'} — ` +
    `${amountRu(p.currency, p.amount)}${p.refundedAt ? ' (возвращено)' : p.refundReason ? ' (не зачислено — вернём, напишите в поддержку)' : ''}\n  номер: ${p.chargeId}`,
  terms: [
    'Условия оплаты.',
    '1. Мы продаём доступ к тарифам PRO и PREMIUM приложения «Мой помощник» на 1, 3, 6 или 12 месяцев. Цена показана в приложении до оплаты.',
    '2. Оплата — звёздами Telegram (Telegram Stars); если в приложении доступна оплата картой, она проходит через платёжного провайдера в рублях.',
    '3. Доступ открывается сразу после оплаты. Автопродления нет: чтобы продлить, оплатите снова. Оплата того же тарифа продлевает его от текущей даты окончания.',
    '4. Возврат возможен по запросу через /paysupport; при возврате оплаченный период отменяется.',
    '5. Приложение не заменяет помощь врача или психолога. В кризисной ситуации звоните 112 или 8-800-2000-122 (бесплатно по России).',
  ].join('\n\n'),
} as const;

const UNAVAILABLE: PreCheckoutVerdict = { ok: false, error: PRE_CHECKOUT_ERRORS.unavailable };

/** `check`'s verdict, or «unavailable» when it fails or is not there within `ms` (then it finishes unheard). */
async function verdictWithin(check: Promise<PreCheckoutVerdict>, ms: number, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PreCheckoutVerdict>((resolve) => {
    timer = setTimeout(() => {
      log.error({ ms }, 'pre-checkout check too slow: refused');
      resolve(UNAVAILABLE);
    }, ms);
  });
  const checked = check.catch((err: unknown) => {
    log.error({ err }, 'pre-checkout check failed');
    return UNAVAILABLE;
  });
  try {
    return await Promise.race([checked, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function billingBot(
  db: Db,
  config: Pick<Config, 'supportUrl' | 'publicUrl' | 'preCheckoutDeadlineMs'>,
  log: FastifyBaseLogger,
): Composer<Context> {
  const bot = new Composer<Context>();
  const openApp = openAppButton(config);

  bot.on('pre_checkout_query', async (ctx) => {
    // Telegram waits 10 s for this answer and the check reads the database (the offer, then the subscription):
    // a slow database must not run the clock out, so the answer goes by the deadline whatever the reads do.
    const verdict = await verdictWithin(checkPreCheckout(db, ctx.preCheckoutQuery), config.preCheckoutDeadlineMs, log);
    if (!verdict.ok)
      log.info({ payload: ctx.preCheckoutQuery.invoice_payload, error: verdict.error }, 'pre-checkout refused');
    await ctx.answerPreCheckoutQuery(verdict.ok, verdict.ok ? undefined : { error_message: verdict.error });
  });

  bot.on('message:successful_payment', async (ctx) => {
    const outcome = await recordPayment(db, { telegramUserId: ctx.from.id, payment: ctx.message.successful_payment });
    log.info({ outcome: outcome.kind, charge: ctx.message.successful_payment.telegram_payment_charge_id }, 'payment');
    if (outcome.kind === 'refund')
      log.error(
        { reason: outcome.reason, from: ctx.from.id, payment: ctx.message.successful_payment },
        'payment granted nothing (payments.refund_reason): refund it',
      );
    if (outcome.kind === 'granted') {
      await sendQuietly(log, 'payment thanks', () =>
        ctx.reply(
          BILLING_BOT_COPY.thanks(outcome.grant.tier, outcome.grant.expiresAt),
          openApp ? { reply_markup: openApp } : undefined,
        ),
      );
    }
  });

  bot.on('message:refunded_payment', async (ctx) => {
    const outcome = await recordRefund(db, ctx.message.refunded_payment);
    log.info({ outcome: outcome.kind, charge: ctx.message.refunded_payment.telegram_payment_charge_id }, 'refund');
    if (outcome.kind === 'revoked') await sendQuietly(log, 'refund notice', () => ctx.reply(BILLING_BOT_COPY.refunded));
  });

  bot.command('paysupport', async (ctx) => {
    // The help is what matters here: a database that cannot list the payments must not silence it.
    const list = ctx.from
      ? await recentPayments(db, ctx.from.id).catch((err: unknown) => {
          log.error({ err }, '/paysupport: payments not read');
          return null;
        })
      : [];
    const history =
      list === null
        ? BILLING_BOT_COPY.paymentsUnavailable
        : list.length
          ? [BILLING_BOT_COPY.paymentsTitle, ...list.map(BILLING_BOT_COPY.payment)].join('\n')
          : BILLING_BOT_COPY.noPayments;
    await sendQuietly(log, '/paysupport', () =>
      ctx.reply(`${BILLING_BOT_COPY.paySupport(config.supportUrl)}\n\n${history}`),
    );
  });

  bot.command('terms', (ctx) => sendQuietly(log, '/terms', () => ctx.reply(BILLING_BOT_COPY.terms)));

  return bot;
}
