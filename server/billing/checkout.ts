// Offers: POST /api/payments/invoice prices what the user picked from the plans (never from the client), stores
// the offer as a pending invoice row, and asks Telegram for an invoice link whose payload is that row's id.
// Stars (XTR, no provider token, one price) always; a bank card in RUB only with CARD_PROVIDER_TOKEN.
import type { FastifyBaseLogger } from 'fastify';
import type { Api } from 'grammy';
import type { InvoiceBody, PaymentMethod, PaymentPreview } from '../../contract/payments';
import { monthsPhrase } from '../../contract/months';
import { chosenTier, planAction } from '../../contract/plan-choice';
import { botOnline } from '../bot/service';
import type { Db } from '../db';
import { httpError } from '../http/errors';
import type { Config } from '../config';
import { paidPeriodEffect, SUBSCRIPTION_PERIOD_S } from './grants';
import { PLANS, type Plan, type Tier } from './plans';
import { insertInvoice, setInvoiceUrl, subscriptionOf } from './repository';
import { currentSubscription } from './subscription';

/** How long an offer may be paid: enough to pay, short enough that a changed price or plan is not bought later. */
export const INVOICE_TTL_MS = 60 * 60 * 1000;

export const CHECKOUT_DETAILS = {
  notFound: 'Тариф не найден',
  cardOff: 'Оплата картой недоступна: выберите Telegram Stars',
  notAbove: 'Этот тариф недоступен: ваша подписка уже не ниже',
  // The user's words (issue 24); the log says why (no BOT_TOKEN: the development mode).
  offline: 'Оплата сейчас недоступна. Попробуйте, пожалуйста, позже',
  telegram: 'Не удалось создать счёт в Telegram, попробуйте ещё раз чуть позже',
} as const;

/** Telegram's currency and amount (its smallest unit: stars, kopecks) for a plan period and method. */
export function invoicePrice(
  plan: Plan,
  months: number,
  method: PaymentMethod,
): { currency: 'XTR' | 'RUB'; amount: number } | null {
  const period = plan.periods.find((p) => p.months === months);
  const price = period?.prices.find((p) => p.currency === (method === 'stars' ? 'STARS' : 'RUB'));
  if (!price) return null;
  return method === 'stars'
    ? { currency: 'XTR', amount: price.amount }
    : { currency: 'RUB', amount: price.amount * 100 };
}

/**
 * Whether an offer is a Telegram Stars subscription: one month in Stars (Telegram's only subscription period is 30
 * days, and only in XTR). Longer periods, and cards, stay one-off payments.
 */
export const isRecurring = (months: number, method: PaymentMethod) => months === 1 && method === 'stars';

/** Title (≤ 32 characters) and description (≤ 255) Telegram shows on the invoice. */
export function invoiceText(plan: Plan, months: number, recurring: boolean): { title: string; description: string } {
  return {
    title: `${plan.name} · ${monthsPhrase(months)}`,
    description: recurring
      ? `Подписка на тариф ${plan.name} в «Мой помощник»: продлевается каждые 30 дней. ` +
        'Отменить автопродление можно в профиле приложения или командой /subscription.'
      : `Доступ к тарифу ${plan.name} на ${monthsPhrase(months)} в «Мой помощник». ` +
        'Без автопродления: чтобы продлить, оплатите снова.',
  };
}

/**
 * Whether the user may buy `tier` now (the plans screen's rule): paid, and above what they hold by choice — a
 * trial does not count. Read inside the caller's transaction or not; it only reads.
 */
export async function mayBuy(db: Db, userId: number, tier: Plan['id'], now = new Date()): Promise<boolean> {
  const held = chosenTier(await currentSubscription(db, userId, now));
  const ranked = (p: Plan) => ({ id: p.id, rank: p.rank, free: p.isFree });
  const heldPlan = held ? PLANS.find((p) => p.id === held) : undefined;
  const plan = PLANS.find((p) => p.id === tier)!;
  return planAction(ranked(plan), heldPlan ? ranked(heldPlan) : null) === 'select';
}

/** What paying for `tier` would do now (GET /api/payments/preview): the grant's own rule, paidPeriodEffect. */
export async function paymentPreview(db: Db, userId: number, tier: Tier, now = new Date()): Promise<PaymentPreview> {
  const { credit, endsTrial } = paidPeriodEffect(await subscriptionOf(db, userId), tier, now);
  return {
    credit: credit && { from_tier: credit.fromTier, from_days: credit.fromDays, days: credit.days },
    ends_trial: endsTrial,
  };
}

export async function createInvoice(
  deps: { db: Db; api: Api; config: Config; log: FastifyBaseLogger },
  userId: number,
  body: InvoiceBody,
  now = new Date(),
): Promise<{ invoice_url: string }> {
  const { db, api, config, log } = deps;
  const plan = PLANS.find((p) => p.id === body.tier);
  const price = plan && invoicePrice(plan, body.period, body.method);
  if (!plan || !price) throw httpError(422, CHECKOUT_DETAILS.notFound);
  if (body.method === 'card' && !config.cardProviderToken) throw httpError(422, CHECKOUT_DETAILS.cardOff);
  if (!(await mayBuy(db, userId, plan.id, now))) throw httpError(422, CHECKOUT_DETAILS.notAbove);
  if (!botOnline(config)) {
    log.warn('payment refused: the server runs without BOT_TOKEN (development mode), so no invoice can be made');
    throw httpError(503, CHECKOUT_DETAILS.offline);
  }

  const recurring = isRecurring(body.period, body.method);
  const row = await insertInvoice(db, {
    userId,
    tier: plan.id,
    months: body.period,
    method: body.method,
    recurring,
    ...price,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVOICE_TTL_MS),
  });
  const { title, description } = invoiceText(plan, body.period, recurring);
  let url: string;
  try {
    // No transaction is open here: the row is committed, and a failed call leaves an offer nobody can pay.
    url = await api.createInvoiceLink(
      title,
      description,
      row.id,
      body.method === 'card' ? config.cardProviderToken! : '',
      price.currency,
      [{ label: title, amount: price.amount }],
      recurring ? { subscription_period: SUBSCRIPTION_PERIOD_S } : undefined,
    );
  } catch (err) {
    log.error({ err, invoice: row.id }, 'createInvoiceLink failed');
    throw httpError(503, CHECKOUT_DETAILS.telegram);
  }
  await setInvoiceUrl(db, row.id, url);
  return { invoice_url: url };
}
