// What Telegram does around a payment in the e2e tests: its servers post updates to the bot's webhook, and its client
// closes the payment window (the bridge event the SDK's invoice.open awaits).
import type { Page } from 'playwright-core';
import type { E2EServer } from './harness';

let updateId = 0;

/** Telegram's servers sending `update` to the bot's webhook with its secret token; resolves to the HTTP status. */
export async function telegramSends(
  server: Pick<E2EServer, 'url'>,
  secret: string,
  update: Record<string, unknown>,
): Promise<number> {
  const res = await fetch(`${server.url}/api/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
    body: JSON.stringify({ update_id: ++updateId, ...update }),
  });
  return res.status;
}

/** Telegram's client closing the payment window of `slug` with `status`. */
async function invoiceClosed(page: Page, slug: string, status: string) {
  await page.evaluate(
    ([s, st]) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ eventType: 'invoice_closed', eventData: { slug: s, status: st } }),
          source: window.parent,
        }),
      ),
    [slug, status] as const,
  );
}

/**
 * The client reporting the invoice `link` (`https://t.me/$<slug>`) paid until the app thanks: again and again, since
 * the SDK listens only once invoice.open runs.
 */
export async function paidUntilThanked(page: Page, link: string, timeout: number) {
  const slug = link.slice('https://t.me/$'.length);
  const thanks = page.getByRole('heading', { name: 'Спасибо!' });
  for (let i = 0; i < 20 && !(await thanks.isVisible()); i++) {
    await invoiceClosed(page, slug, 'paid');
    await thanks.waitFor({ timeout: 500 }).catch(() => {});
  }
  await thanks.waitFor({ timeout });
}
