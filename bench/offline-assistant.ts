/**
 * The offline assistant as a listener: ten scripted Russian conversations of twenty messages
 * (bench/conversations/offline-assistant.json) replayed through the real chat API — the app in-process on an in-memory
 * PGlite, each conversation a user of its own, the «ты» asked for as the script says (the settings, «Обо мне», or a
 * message in the chat) — and counted by bench/offline-metrics.ts:
 *
 * - repeated replies and repeated openings within a conversation (budget 0 each);
 * - replies quoting the user's message verbatim, four words or more (budget 0);
 * - questions answered with a suggestion before the question back (budget ≥ 90 %);
 * - «ты» honoured: replies with a «вы» form once «ты» was asked for (budget 0), and «ты» forms in «вы» conversations
 *   (budget 0);
 * - the communication style: the same conversations replayed in the other two styles, the share of replies that
 *   differ from the scripted style's at the same turn;
 * - memory: replies that bring back something said at least three messages earlier.
 *
 * Deterministic (the assistant is seeded by the chat and the turn; the chat ids differ per run, so the words vary
 * between runs and the counts are what stays). Prints figures and the budgets; exits non-zero only if it cannot run.
 * Run alone: `npx tsx bench/offline-assistant.ts` (or `npx tsx bench/run.ts offline-assistant`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sign } from '@telegram-apps/init-data-node';
import type { ChatCreateAndSendResponse, ChatSendResponse } from '../contract/chat';
import { SHIPPED_CRISIS_LINES } from '../contract/safety/crisis-lines';
import { assessRisk, CONTEXT_MESSAGES } from '../contract/safety/detect';
import type { CommunicationStyle } from '../contract/settings';
import { buildApp } from '../server/app';
import { screeningAddendum } from '../server/chat/safety/crisis-reply';
import { overrideDailyLimit } from '../server/billing/plans';
import { migrateDatabase, wrapPglite } from '../server/db';
import { openDataKeys } from '../server/privacy/keys';
import { loadConfig } from '../server/config';
import {
  answersWithSuggestion,
  FORMAL,
  INFORMAL,
  isQuestion,
  isRepeat,
  isRepeatedOpening,
  quotesMessage,
  recalls,
} from './offline-metrics';
import { BENCH_DATA_KEY, runIfMain } from './support';

const BOT_TOKEN = '7000000009:offline-bench-token';
export const SUGGESTION_BUDGET = 0.9;

interface Script {
  id: string;
  style: CommunicationStyle;
  address: { form: 'vy' | 'ty'; via: 'default' | 'settings' | 'about' | 'chat' };
  messages: string[];
}

const STYLES: CommunicationStyle[] = ['gentle', 'direct', 'humorous'];

function scripts(): Script[] {
  const file = join(import.meta.dirname, 'conversations', 'offline-assistant.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { conversations: Script[] }).conversations;
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * One conversation through POST /api/chat/create-and-send and /send as a user of its own: the replies in order (the
 * screening question cut off them), and how many the question followed.
 */
async function replay(
  app: App,
  script: Script,
  style: CommunicationStyle,
  userNo: number,
): Promise<{ replies: string[]; asked: number }> {
  const user = { id: 9_400_000 + userNo, first_name: 'Бенч' };
  const headers = {
    'x-init-data': sign({ user } as Parameters<typeof sign>[0], BOT_TOKEN, new Date()),
    'x-time-zone': 'Europe/Moscow',
  };
  const settings: Record<string, string> = { communication_style: style };
  if (script.address.via === 'settings') settings.address_form = script.address.form;
  if (script.address.via === 'about') settings.personal_context = 'Мне так привычнее: обращайся ко мне на ты.';
  const patched = await app.inject({ method: 'PATCH', url: '/api/users/me/settings', headers, payload: settings });
  if (patched.statusCode !== 200) throw new Error(`settings → ${patched.statusCode} ${patched.body}`);

  const replies: string[] = [];
  let asked = 0;
  let chatId: string | null = null;
  for (const content of script.messages) {
    const res = await app.inject({
      method: 'POST',
      url: chatId ? `/api/chat/${chatId}/send` : '/api/chat/create-and-send',
      headers,
      payload: { content },
    });
    if (res.statusCode >= 300) throw new Error(`${script.id}: «${content}» → ${res.statusCode} ${res.body}`);
    const body = res.json() as ChatCreateAndSendResponse & ChatSendResponse;
    chatId ??= body.chat!.id;
    const reply = body.message ?? body;
    if (reply.safety === 'crisis' || reply.safety === 'crisis_brief')
      throw new Error(`${script.id}: «${content}» got the crisis reply`);
    if (reply.safety === 'screening') asked++;
    replies.push(reply.content!.replace(SCREENING, ''));
  }
  return { replies, asked };
}

/** The messages after which «ты» holds: from the start (settings, «Обо мне») or from the message asking for it. */
function tyFrom(script: Script): number | null {
  if (script.address.form !== 'ty') return null;
  if (script.address.via !== 'chat') return 0;
  return script.messages.findIndex((m) => /на ты/i.test(m));
}

/** The screening question after a reply (server/chat/service.ts), as the shipped lines word it. */
const SCREENING = `\n\n${screeningAddendum(SHIPPED_CRISIS_LINES)}`;

const pct = (n: number, of: number) => (of === 0 ? '—' : `${((n / of) * 100).toFixed(1)} %`);

export async function benchOfflineAssistant(): Promise<void> {
  const all = scripts();
  // The safety net answers a risk with the crisis reply, not the assistant: the scripts hold none, read as the chat
  // reads them (with up to CONTEXT_MESSAGES earlier ones). A concern is answered by the assistant, and the screening
  // question follows (at most once per chat a day, docs/decisions/0286): counted here, and cut off the reply.
  let concerns = 0;
  for (const script of all)
    script.messages.forEach((m, i) => {
      const { tier } = assessRisk(m, script.messages.slice(Math.max(0, i - CONTEXT_MESSAGES), i));
      if (tier === 'crisis')
        throw new Error(`${script.id}: «${m}» is a crisis; the safety net would answer, not the assistant`);
      if (tier === 'concern') concerns++;
    });

  const config = loadConfig({
    BOT_TOKEN,
    DATA_ENCRYPTION_KEY: BENCH_DATA_KEY,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    OFFLINE_STREAM_WORD_MS: '0',
    REMINDER_TICK_MS: '0',
  });
  // Ten conversations a day on START must not meet the token limit: the bench is about the words.
  overrideDailyLimit('START', 'tokens', null);
  const database = wrapPglite(await PGlite.create());
  await migrateDatabase(database);
  await openDataKeys(database, config);
  const app = await buildApp({ database, config });
  try {
    const totals = { replies: 0, repeats: 0, openings: 0, quotes: 0, questions: 0, answered: 0 };
    const address = { tyReplies: 0, tyWithVy: 0, tyWithTy: 0, vyReplies: 0, vyWithTy: 0 };
    let recalled = 0;
    let screened = 0;
    let conversationsRecalling = 0;
    let styleCompared = 0;
    let styleDiffers = 0;
    const started = Date.now();
    console.log(
      '[bench offline-assistant] conversation (style, «ты» via)  repeats  openings  quotes  answered  recalls',
    );
    for (const [n, script] of all.entries()) {
      const { replies, asked } = await replay(app, script, script.style, n);
      screened += asked;
      const c = { repeats: 0, openings: 0, quotes: 0, questions: 0, answered: 0, recalls: 0 };
      const from = tyFrom(script);
      for (const [i, reply] of replies.entries()) {
        const earlier = replies.slice(0, i);
        const message = script.messages[i]!;
        if (isRepeat(reply, earlier)) c.repeats++;
        if (isRepeatedOpening(reply, earlier)) c.openings++;
        if (quotesMessage(reply, message)) c.quotes++;
        if (isQuestion(message)) {
          c.questions++;
          if (answersWithSuggestion(reply)) c.answered++;
        }
        if (recalls(reply, script.messages, i)) c.recalls++;
        if (from !== null && i >= from) {
          address.tyReplies++;
          if (FORMAL.test(reply)) address.tyWithVy++;
          if (INFORMAL.test(reply)) address.tyWithTy++;
        } else if (script.address.form === 'vy') {
          address.vyReplies++;
          if (INFORMAL.test(reply.replace(/на «ты»/g, ''))) address.vyWithTy++;
        }
      }
      totals.replies += replies.length;
      totals.repeats += c.repeats;
      totals.openings += c.openings;
      totals.quotes += c.quotes;
      totals.questions += c.questions;
      totals.answered += c.answered;
      recalled += c.recalls;
      if (c.recalls > 0) conversationsRecalling++;
      console.log(
        `  ${`${script.id} (${script.style}, ${script.address.form === 'ty' ? script.address.via : '«вы»'})`.padEnd(44)}` +
          `${String(c.repeats).padStart(4)}  ${String(c.openings).padStart(8)}  ${String(c.quotes).padStart(6)}  ` +
          `${`${c.answered}/${c.questions}`.padStart(8)}  ${String(c.recalls).padStart(7)}`,
      );
      // The same conversation in the other styles: how many replies the style changes.
      for (const [k, other] of STYLES.filter((s) => s !== script.style).entries()) {
        const { replies: otherReplies } = await replay(app, script, other, 100 + n * 2 + k);
        for (const [i, reply] of otherReplies.entries()) {
          styleCompared++;
          if (reply !== replies[i]) styleDiffers++;
        }
      }
    }
    const answeredShare = totals.questions ? totals.answered / totals.questions : 1;
    const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    console.log(
      `[bench offline-assistant] ${all.length} conversations, ${totals.replies} replies, ${Date.now() - started} ms`,
    );
    console.log(
      `  screening question: ${concerns} of ${totals.replies} ordinary messages read as a concern; asked after ` +
        `${screened} replies (once per chat a day), cut off the replies counted below`,
    );
    console.log(`  repeated replies:        ${totals.repeats} (budget 0: ${mark(totals.repeats === 0)})`);
    console.log(`  repeated openings:       ${totals.openings} (budget 0: ${mark(totals.openings === 0)})`);
    console.log(`  verbatim quotes:         ${totals.quotes} (budget 0: ${mark(totals.quotes === 0)})`);
    console.log(
      `  questions answered with a suggestion: ${totals.answered}/${totals.questions} = ${pct(totals.answered, totals.questions)} ` +
        `(budget ≥ ${SUGGESTION_BUDGET * 100} %: ${mark(answeredShare >= SUGGESTION_BUDGET)})`,
    );
    console.log(
      `  «ты» honoured: ${address.tyReplies - address.tyWithVy}/${address.tyReplies} replies after «ты» was asked have no «вы» form ` +
        `(${address.tyWithVy} with one, budget 0: ${mark(address.tyWithVy === 0)}); ${address.tyWithTy} say «ты» outright`,
    );
    console.log(
      `  «вы» kept: ${address.vyWithTy} of ${address.vyReplies} replies in «вы» conversations have a «ты» form ` +
        `(budget 0: ${mark(address.vyWithTy === 0)})`,
    );
    console.log(
      `  style: ${styleDiffers}/${styleCompared} replies (${pct(styleDiffers, styleCompared)}) change with the communication style`,
    );
    console.log(
      `  memory: ${recalled} replies bring back something said three or more messages before, in ${conversationsRecalling}/${all.length} conversations`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

runIfMain(import.meta.url, benchOfflineAssistant);
