// app.bot for every plugin (a fastify-plugin, so it lands on the root). Domains register their update handlers
// with `app.bot.use(…)` in their own plugins; /start lives here because it belongs to no domain.
import type { Bot } from 'grammy';
import fp from 'fastify-plugin';
import { botAccessUpdates } from './access';
import { createBot } from './bot';
import { startCommand } from './start-command';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Telegram bot: `app.bot.api.sendMessage(telegramId, text)` writes to a user who allowed it. */
    bot: Bot;
  }
}

export default fp(
  async (app) => {
    const bot = createBot(app.config);
    // A message without a sender (a channel's post) is nobody's to record or answer; every handler below may then
    // rely on ctx.from. Answered 200 like any update: Telegram would otherwise deliver it again and again.
    bot.use((ctx, next) => (ctx.msg && !ctx.from ? undefined : next()));
    bot.use(botAccessUpdates(app.database.db, app.config)); // first: every private message counts
    bot.use(startCommand(app.config, app.log));
    app.decorate('bot', bot);
  },
  { name: 'bot', dependencies: ['decorators'] },
);
