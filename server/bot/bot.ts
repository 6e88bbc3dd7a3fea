// The one bot of this server (grammY): the webhook hands it Telegram's updates, domains add their handlers with
// `app.bot.use(composer)`, and anything that writes to users sends through `app.bot.api` (sendMessage, …).
import { autoRetry } from '@grammyjs/auto-retry';
import { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../config';

/**
 * A bot on Telegram's Bot API (or TELEGRAM_API_ROOT). With a real token it learns its own name (getMe) on the
 * first update, never at start-up; with the dev token it is given a made-up one and never asks.
 */
export function createBot(config: Config): Bot {
  const bot = new Bot(config.botToken, {
    botInfo: config.devLauncher ? devBotInfo(config.botToken) : undefined,
    // grammY waits 500 s by default; a call made inside a request or an update must give up long before.
    client: { apiRoot: config.telegramApiRoot ?? undefined, timeoutSeconds: 10 },
  });
  // Telegram's flood limit (429) names how long to wait: short waits are retried, longer ones fail the call. Network
  // and 5xx errors fail at once (the plugin would retry those without end), so a request never hangs on Telegram.
  bot.api.config.use(
    autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 5, rethrowHttpErrors: true, rethrowInternalServerErrors: true }),
  );
  return bot;
}

/**
 * True when calls can reach a Bot API server: a real BOT_TOKEN, or the dev token with TELEGRAM_API_ROOT set (a
 * local stand-in speaking Telegram's protocol). The dev token alone would only earn Telegram's 401.
 */
export function botOnline(config: Pick<Config, 'devLauncher' | 'telegramApiRoot'>): boolean {
  return !config.devLauncher || config.telegramApiRoot !== null;
}

function devBotInfo(token: string): UserFromGetMe {
  return {
    id: Number(token.split(':')[0]) || 1,
    is_bot: true,
    first_name: 'Мой помощник (dev)',
    username: 'wellbeing_dev_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}
