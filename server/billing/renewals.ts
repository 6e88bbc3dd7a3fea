// Managing the Telegram Stars subscription behind a monthly plan: what the profile and /subscription show (renews
// on a date, or ends on one) and cancelling or resuming the renewal through editUserStarSubscription. Renewals
// themselves are charges like any other (payments.ts → grants.ts, grantRenewal).
import type { FastifyBaseLogger } from 'fastify';
import type { Api } from 'grammy';
import type { Subscription } from '../../contract/billing';
import { botOnline } from '../bot/service';
import type { Db } from '../db';
import type { SubscriptionRow } from '../db/schema';
import { httpError } from '../http/errors';
import type { Config } from '../config';
import { renewalOf, setRenewalCanceled } from './repository';

export const RENEWAL_DETAILS = {
  none: 'Автопродление не подключено: тариф оплачен разово',
  // The user's words (issue 24); the log says why (no BOT_TOKEN: the development mode).
  offline: 'Автопродление сейчас не изменить. Попробуйте, пожалуйста, позже',
  telegram: 'Telegram не принял изменение автопродления, попробуйте ещё раз чуть позже',
} as const;

type RenewalRow = Pick<SubscriptionRow, 'expiresAt' | 'renewalChargeId' | 'renewsAt' | 'renewalCanceledAt'>;

/** The subscription's renewal as the API shows it, or undefined for a one-off or ended plan. */
export function renewalView(row: RenewalRow | undefined, now: Date): Subscription['renewal'] {
  if (!row?.renewalChargeId || !row.renewsAt || !row.expiresAt || row.expiresAt <= now) return undefined;
  return { auto_renew: row.renewalCanceledAt === null, renews_at: row.renewsAt.toISOString() };
}

/**
 * Cancels (`autoRenew` false) or resumes the user's Stars subscription in Telegram, then records it. Telegram is
 * asked first: our row says what Telegram agreed to, never what we only wished. Resuming works until the paid
 * period ends (Telegram re-enables only a subscription the bot cancelled).
 */
export async function setAutoRenew(
  deps: { db: Db; api: Api; config: Config; log: FastifyBaseLogger },
  userId: number,
  autoRenew: boolean,
  now = new Date(),
): Promise<void> {
  const { db, api, config, log } = deps;
  const row = await renewalOf(db, userId);
  if (!renewalView(row, now)) throw httpError(409, RENEWAL_DETAILS.none);
  if (!botOnline(config)) {
    log.warn({ userId }, 'auto-renewal not changed: the server runs without BOT_TOKEN (development mode)');
    throw httpError(503, RENEWAL_DETAILS.offline);
  }
  try {
    await api.editUserStarSubscription(row!.telegramId, row!.renewalChargeId!, !autoRenew);
  } catch (err) {
    log.error({ err, userId }, 'editUserStarSubscription failed');
    throw httpError(503, RENEWAL_DETAILS.telegram);
  }
  await setRenewalCanceled(db, userId, row!.renewalChargeId!, autoRenew ? null : now);
}

/** Cancels a Stars subscription that no longer keeps the user's tier (an upgrade replaced it); logged if refused. */
export async function cancelReplaced(api: Api, telegramId: number, chargeId: string, log: FastifyBaseLogger) {
  try {
    await api.editUserStarSubscription(telegramId, chargeId, true);
  } catch (err) {
    log.error({ err, chargeId }, 'replaced subscription not cancelled in Telegram: cancel it by hand');
  }
}
