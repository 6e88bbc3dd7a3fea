// Sending without failing the caller. sendQuietly: a reply that must not fail the update — the user may have blocked
// the bot, or Telegram may be away; the update is still handled (so Telegram does not deliver it again), and the
// failure is logged. classify: what a failed send means for a message sent at most once (reminders, notices).
import type { FastifyBaseLogger } from 'fastify';
import { GrammyError, HttpError } from 'grammy';

export async function sendQuietly(log: FastifyBaseLogger, what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    log.warn({ err }, `bot: could not send ${what}`);
  }
}

/** Errors raised before the request left this machine: Telegram surely did not get it, so a retry is safe. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);

export type SendFailure =
  | { kind: 'blocked'; reason: string }
  | { kind: 'retry'; reason: string; afterMs: number }
  | { kind: 'unknown'; reason: string }
  | { kind: 'failed'; reason: string };

/** What a failed sendMessage means: blocked, worth a retry, perhaps sent, or refused (a reminder, a notice). */
export function classify(error: unknown): SendFailure {
  if (error instanceof GrammyError) {
    const reason = `${error.error_code}: ${error.description}`;
    if (error.error_code === 403) return { kind: 'blocked', reason };
    if (error.error_code === 429) return { kind: 'retry', reason, afterMs: (error.parameters.retry_after ?? 1) * 1000 };
    // Telegram's own 5xx: it may have sent the message before failing to answer.
    if (error.error_code >= 500) return { kind: 'unknown', reason };
    return { kind: 'failed', reason };
  }
  if (error instanceof HttpError) {
    const code = (error.error as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return { kind: 'retry', reason: code, afterMs: 0 };
    // A reset, a timeout: the request may have reached Telegram.
    return { kind: 'unknown', reason: String((error.error as Error | undefined)?.message ?? error.message) };
  }
  return { kind: 'unknown', reason: String(error) };
}
