// /dev — only when BOT_TOKEN is unset (and so on loopback only, server/config/index.ts): signs init data for a demo
// user with the built-in dev token and opens the app with Telegram's launch parameters in the URL hash, exactly as
// Telegram does — a redirect, so the page needs no script under the CSP. ?tier=START|PRO|PREMIUM sets the demo
// user's plan, ?name= and ?id= pick the demo user, ?theme=dark the dark Telegram palette, ?stay shows the launcher
// page itself instead of opening the app.
import { sign } from '@telegram-apps/init-data-node';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tierSchema, type Tier } from '../../contract/common';
import { launchHash, TELEGRAM_THEMES } from './telegram-launch';

/** Creates the demo user (or renames it) and gives it `tier`: the users and billing domains' part, given by app.ts. */
export type SetDemoTier = (
  demo: { telegramId: number; firstName: string; username: string; languageCode: string },
  tier: Tier,
) => Promise<void>;

export const DEMO_TELEGRAM_ID = 100_000_001;

const querySchema = z.object({
  tier: tierSchema.optional(),
  name: z.string().trim().min(1).max(64).optional(),
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52)
    .optional(),
  theme: z.enum(['light', 'dark']).optional(),
});

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function devLauncher(app: FastifyInstance, setDemoTier: SetDemoTier): Promise<void> {
  app.get('/dev', { schema: { hide: true } }, async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success)
      return reply
        .code(422)
        .send({ detail: 'Некорректные параметры: tier=START|PRO|PREMIUM, name, id, theme=light|dark' });
    const { tier, name = 'Демо', id = DEMO_TELEGRAM_ID, theme = 'light' } = parsed.data;
    const user = { id, first_name: name, username: 'demo_user', language_code: 'ru' };
    const initData = sign({ user, query_id: 'AAHdev' } as Parameters<typeof sign>[0], app.config.botToken, new Date());

    if (tier) await setDemoTier({ telegramId: id, firstName: name, username: user.username, languageCode: 'ru' }, tier);

    const target = `/#${launchHash({ initData, platform: 'tdesktop', themeParams: TELEGRAM_THEMES[theme] })}`;
    reply.header('cache-control', 'no-store');
    if (!Object.hasOwn(request.query as object, 'stay')) return reply.redirect(target, 302);
    const links = (['START', 'PRO', 'PREMIUM'] as const)
      .map((t) => `<a href="/dev?tier=${t}&amp;name=${encodeURIComponent(name)}">${t === 'START' ? 'Старт' : t}</a>`)
      .join(' · ');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Запуск для разработки</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}a{color:#2481cc}</style>
</head><body>
<h1>Запуск для разработки</h1>
<p>Открываем приложение как пользователь «${escape(name)}» (Telegram ID ${id}) с подписанными данными запуска — так же, как это делает Telegram.${tier ? ` Тариф: ${tier}.` : ''}</p>
<p><a id="open" href="${escape(target)}">Открыть приложение</a></p>
<p>Другой тариф: ${links} · <a href="/dev?theme=dark">тёмная тема</a></p>
<p><small>Эта страница есть только без BOT_TOKEN, и только на этом компьютере. Без <code>?stay</code> адрес /dev сразу открывает приложение.</small></p>
</body></html>`;
  });
}
