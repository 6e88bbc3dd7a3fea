// The bot's billing side: Telegram's payment updates (pre-checkout, successful and refunded payments) and the
// commands a bot selling digital goods must answer, /paysupport and /terms. Registered on app.bot by the billing
// plugin. A failure to record a payment fails the update (Telegram delivers it again; recording is idempotent); a
// failure to send a message does not.
import type { FastifyBaseLogger } from 'fastify';
import { Composer, type Api, type Context } from 'grammy';
import type { Subscription } from '../../contract/billing';
import { monthsPhrase } from '../../contract/months';
import { openAppButton, sendQuietly } from '../bot/service';
import type { Db } from '../db';
import type { Config } from '../config';
import { countPayment } from '../metrics/metrics';
import {
  checkPreCheckout,
  PRE_CHECKOUT_ERRORS,
  recordPayment,
  recordRefund,
  type PreCheckoutVerdict,
} from './payments';
import { planOf, type Tier } from './plans';
import { cancelReplaced } from './renewals';
import { firstChargeOf, recentPayments, userIdOf } from './repository';
import { currentSubscription } from './subscription';

const dateRu = (d: Date) =>
  d.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
const amountRu = (currency: string, amount: number) =>
  currency === 'XTR'
    ? `${amount} ⭐`
    : `${(amount / 100).toLocaleString('ru-RU')} ${currency === 'RUB' ? '₽' : currency}`;

export const BILLING_BOT_COPY = {
  thanks: (tier: Tier, until: Date | null) =>
    `Спасибо за оплату! Тариф ${planOf(tier).name} активен${until ? ` до ${dateRu(until)}` : ''}. Откройте приложение, чтобы продолжить.`,
  renewed: (tier: Tier, until: Date) =>
    `Подписка ${planOf(tier).name} продлена до ${dateRu(until)}\nОтменить автопродление можно в профиле приложения или командой /subscription.`,
  subscription: (s: Subscription) => {
    if (s.tier === 'START') return 'Сейчас у вас тариф «Старт». Тарифы и оплата — в приложении.';
    const name = planOf(s.tier).name;
    const until = s.expires_at ? dateRu(new Date(s.expires_at)) : null;
    if (s.source === 'trial') return `Пробный период ${name} действует до ${until}`;
    if (!until) return `Тариф ${name} действует бессрочно.`;
    if (s.renewal?.auto_renew)
      return [
        `Тариф ${name} — подписка с автопродлением.`,
        `Следующее списание: ${dateRu(new Date(s.renewal.renews_at))}`,
        'Отменить автопродление можно в профиле приложения.',
      ].join('\n');
    if (s.renewal)
      return [
        `Тариф ${name} действует до ${until}`,
        'Автопродление отменено — возобновить его можно в профиле приложения до этой даты.',
      ].join('\n');
    return [`Тариф ${name} действует до ${until}`, 'Продлить его можно в приложении.'].join('\n');
  },
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
    '3. Доступ открывается сразу после оплаты. Тариф на 1 месяц, оплаченный звёздами, — подписка: она продлевается каждые 30 дней, пока вы не отмените автопродление в профиле приложения (оплаченный период остаётся до конца). Тарифы на 3, 6 и 12 месяцев и оплата картой — разовые, без автопродления: чтобы продлить, оплатите снова.',
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
    if (!verdict.ok) {
      countPayment('refused');
      log.info({ payload: ctx.preCheckoutQuery.invoice_payload, error: verdict.error }, 'pre-checkout refused');
    }
    await ctx.answerPreCheckoutQuery(verdict.ok, verdict.ok ? undefined : { error_message: verdict.error });
  });

  bot.on('message:successful_payment', async (ctx) => {
    const outcome = await recordPayment(db, { telegramUserId: ctx.from.id, payment: ctx.message.successful_payment });
    countPayment(outcome.kind === 'refund' ? 'refund_due' : outcome.kind);
    log.info({ outcome: outcome.kind, charge: ctx.message.successful_payment.telegram_payment_charge_id }, 'payment');
    if (outcome.kind === 'refund')
      log.error(
        { reason: outcome.reason, from: ctx.from.id, payment: ctx.message.successful_payment },
        'payment granted nothing (payments.refund_reason): refund it',
      );
    if (outcome.kind === 'refund' && outcome.reason === 'superseded')
      await cancelSuperseded(ctx.api, ctx.from.id, ctx.message.successful_payment.invoice_payload);
    if (outcome.kind === 'granted') {
      if (outcome.replacedRenewalChargeId)
        await cancelReplaced(ctx.api, ctx.from.id, outcome.replacedRenewalChargeId, log);
      const { tier, expiresAt } = outcome.grant;
      await sendQuietly(log, 'payment thanks', () =>
        ctx.reply(
          outcome.renewal && expiresAt
            ? BILLING_BOT_COPY.renewed(tier, expiresAt)
            : BILLING_BOT_COPY.thanks(tier, expiresAt),
          openApp ? { reply_markup: openApp } : undefined,
        ),
      );
    }
  });

  /** A renewal of a subscription an upgrade replaced: its cancellation did not reach Telegram then; try again. */
  const cancelSuperseded = async (api: Api, telegramId: number, invoiceId: string) => {
    const chargeId = await firstChargeOf(db, invoiceId);
    if (chargeId) await cancelReplaced(api, telegramId, chargeId, log);
  };

  bot.command('subscription', async (ctx) => {
    const userId = ctx.from ? await userIdOf(db, ctx.from.id) : null;
    const current: Subscription = userId
      ? await currentSubscription(db, userId)
      : { tier: 'START', expires_at: null, source: null };
    await sendQuietly(log, '/subscription', () =>
      ctx.reply(BILLING_BOT_COPY.subscription(current), openApp ? { reply_markup: openApp } : undefined),
    );
  });

  bot.on('message:refunded_payment', async (ctx) => {
    const outcome = await recordRefund(db, ctx.message.refunded_payment);
    if (outcome.kind === 'revoked') countPayment('refunded');
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
