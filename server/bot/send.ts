// A reply that must not fail the update: the user may have blocked the bot, or Telegram may be away. The update is
// still handled (so Telegram does not deliver it again), and the failure is logged.
import type { FastifyBaseLogger } from 'fastify';

export async function sendQuietly(log: FastifyBaseLogger, what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    log.warn({ err }, `bot: could not send ${what}`);
  }
}
