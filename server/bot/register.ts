// At start-up with a real BOT_TOKEN and PUBLIC_URL: point Telegram's webhook at this server (with the secret it
// must send back) and publish the bot's commands. Both calls are idempotent, so every instance may make them.
import type { Bot } from 'grammy';
import { API_PREFIX } from '../http/api-path';
import type { Config } from '../config';
import { WEBHOOK_PATH } from './webhook';

/**
 * Updates the bot handles: messages (commands, successful and refunded payments), pre-checkout queries, and
 * my_chat_member (the user blocked or unblocked the bot: reminders stop or resume).
 */
export const ALLOWED_UPDATES = ['message', 'pre_checkout_query', 'my_chat_member'] as const;

export const BOT_COMMANDS = [
  { command: 'start', description: 'Открыть приложение' },
  { command: 'subscription', description: 'Моя подписка' },
  { command: 'paysupport', description: 'Поддержка по оплате' },
  { command: 'terms', description: 'Условия оплаты' },
];

export function webhookUrl(config: Pick<Config, 'publicUrl'>): string | null {
  return config.publicUrl ? `${config.publicUrl}${API_PREFIX}${WEBHOOK_PATH}` : null;
}

/** Registers the webhook; returns its URL, or null when there is nothing to register (no PUBLIC_URL, dev token). */
export async function registerWebhook(bot: Bot, config: Config): Promise<string | null> {
  const url = webhookUrl(config);
  if (!url || config.devLauncher) return null;
  await bot.api.setWebhook(url, { secret_token: config.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
  await bot.api.setMyCommands(BOT_COMMANDS);
  return url;
}
