// A steady load of what people do most — diary writes, chat sends, reads — from a few concurrent workers against a
// server's base URL (one instance or a proxy in front of several). Every answer is recorded; a diary write or chat
// send answered 2xx is «acknowledged», and its client_id is kept so a test can look for it in the database after
// a fault. Each worker is one user at a time, with the PREMIUM trial, and moves on to a new user before the
// diary's daily limit (30 on PREMIUM).
import { randomUUID } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';

export type Kind = 'trial' | 'diary' | 'chat' | 'read';

export interface Outcome {
  kind: Kind;
  /** HTTP status, or 'network' when no answer came (connection refused or reset, timeout). */
  status: number | 'network';
  /** When the request started, ms since the load did. */
  at: number;
  ms: number;
}

export interface LoadReport {
  outcomes: Outcome[];
  /** Diary writes answered 200/201: the user's Telegram id and the entry's client_id. */
  diary: Array<{ telegramId: number; clientId: string }>;
  /** Chat sends answered 200/201. */
  chat: Array<{ telegramId: number; clientId: string }>;
}

export interface LoadOptions {
  /** Base URL, read before every request (a test may point it elsewhere). */
  url: () => string;
  botToken: string;
  workers: number;
  /** Telegram ids are firstUserId + worker × 10 000 + k; different loads in one database need different ranges. */
  firstUserId: number;
  /** A request not answered by then counts as 'network' (default 15 s). */
  timeoutMs?: number;
}

const WRITES_PER_USER = 25;

export interface Load {
  /** Outcomes so far (live). */
  readonly outcomes: readonly Outcome[];
  /** Stops the workers after their current request and returns the report. */
  stop(): Promise<LoadReport>;
}

export function startLoad({ url, botToken, workers, firstUserId, timeoutMs = 15_000 }: LoadOptions): Load {
  const started = performance.now();
  const report: LoadReport = { outcomes: [], diary: [], chat: [] };
  let stopped = false;

  async function call(kind: Kind, initData: string, method: string, path: string, body?: unknown) {
    const at = performance.now() - started;
    let status: Outcome['status'];
    try {
      const res = await fetch(url() + path, {
        method,
        headers: {
          'x-init-data': initData,
          'x-time-zone': 'Europe/Moscow',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 'network';
    }
    report.outcomes.push({ kind, status, at, ms: performance.now() - started - at });
    return typeof status === 'number' && status >= 200 && status < 300 ? status : null;
  }

  async function worker(w: number) {
    for (let k = 0; !stopped; k++) {
      const telegramId = firstUserId + w * 10_000 + k;
      const initData = sign(
        { user: { id: telegramId, first_name: 'Нагрузка' }, query_id: 'AAH-load' } as Parameters<typeof sign>[0],
        botToken,
        new Date(),
      );
      // The trial opens the diary; a refusal (409) means it is already active.
      let trial = false;
      while (!trial && !stopped) {
        const ok = await call('trial', initData, 'POST', '/api/trial/activate', {});
        trial = ok !== null || report.outcomes.at(-1)?.status === 409;
        if (!trial) await new Promise((r) => setTimeout(r, 100)); // the server or its database is away
      }
      for (let step = 1, writes = 0; writes < WRITES_PER_USER && !stopped; step++) {
        if (step % 5 === 0) {
          const clientId = randomUUID();
          const ok = await call('chat', initData, 'POST', '/api/chat/create-and-send', {
            content: `Сообщение ${step}: сегодня был трудный день`,
            client_id: clientId,
          });
          if (ok) report.chat.push({ telegramId, clientId });
        } else if (step % 3 === 0) {
          await call('read', initData, 'GET', '/api/diary/list');
        } else {
          const clientId = randomUUID();
          const ok = await call('diary', initData, 'POST', '/api/diary/create', {
            content: `Запись ${step}`,
            mood: 'good',
            client_id: clientId,
          });
          if (ok) report.diary.push({ telegramId, clientId });
          writes++;
        }
      }
    }
  }

  const running = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    outcomes: report.outcomes,
    async stop() {
      stopped = true;
      await running;
      return report;
    },
  };
}

/** Outcomes counted by status ('network' included), e.g. { 200: 812, 503: 14 }. */
export function byStatus(outcomes: readonly Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}
