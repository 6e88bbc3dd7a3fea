// /start: a greeting and a button that opens the Mini App (PUBLIC_URL). Telegram opens web_app buttons only for
// https URLs, so without one the greeting points to the menu button instead.
import { Composer, type Context, InlineKeyboard } from 'grammy';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { sendQuietly } from './send';

export const START_COPY = {
  greeting:
    'Здравствуйте! Я «Мой помощник» — поддержка для эмоционального состояния. Здесь можно поговорить с ИИ-помощником ' +
    'текстом или голосом, вести дневник настроения и выполнять практики.',
  open: 'Открыть приложение',
  withButton: 'Нажмите кнопку ниже, чтобы открыть приложение.',
  withoutButton: 'Откройте приложение кнопкой меню рядом с полем ввода.',
} as const;

/**
 * The «Открыть приложение» button (a web_app button opening PUBLIC_URL), or null without an https PUBLIC_URL — the
 * only kind Telegram opens. Every message of the bot that invites into the app uses it.
 */
export function openAppButton(config: Pick<Config, 'publicUrl'>): InlineKeyboard | null {
  const url = config.publicUrl?.startsWith('https://') ? `${config.publicUrl}/` : null;
  return url ? new InlineKeyboard().webApp(START_COPY.open, url) : null;
}

export function startCommand(config: Pick<Config, 'publicUrl'>, log: FastifyBaseLogger): Composer<Context> {
  const composer = new Composer<Context>();
  const button = openAppButton(config);
  composer.command('start', (ctx) =>
    sendQuietly(log, 'start', () =>
      button
        ? ctx.reply(`${START_COPY.greeting}\n\n${START_COPY.withButton}`, { reply_markup: button })
        : ctx.reply(`${START_COPY.greeting}\n\n${START_COPY.withoutButton}`),
    ),
  );
  return composer;
}
