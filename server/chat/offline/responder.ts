// The offline assistant's reasoning, pure and deterministic (seeded by the chat and the turn): recognise what the
// message is about and whether it asks something; answer a direct question first with one or two concrete
// suggestions, then ask one open question; otherwise reflect in its own words (never quoting the person back) and ask.
// It reads the conversation so far: never says a sentence it already said in this chat (so neither the reply nor its
// opening repeats), brings back what was said a few messages ago, follows «давай на ты», and decides whether a
// practice or a diary entry would help. The communication style chooses the words; `{вы|ты}` forms follow the
// address (./address.ts).
import type { AddressForm, CommunicationStyle } from '../../../contract/settings';
import type { PracticeId } from '../../../contract/practice-ids';
import { addressRequestIn } from '../../users/service';
import { say } from './address';
import {
  ADDRESS_SWITCH,
  ANSWER_OPENERS,
  CONTINUATIONS,
  DIARY_LINES,
  GREETINGS,
  LOCKED_PRACTICE_LINES,
  PRACTICE_LINES,
  QUESTIONS,
  RECALLS,
  REFLECTIONS,
  RETURNS,
  THANKS_REPLIES,
  WHO_I_AM,
} from './phrases';
import { GENERAL, GREETING, questionsFor, reflectionsFor, THANKS, THEMES, type Theme } from './themes';

export interface OfflineContext {
  /** Varies the wording per chat (the chat id). */
  seed: string;
  /** The user's turn in the chat, 1 for the first message. */
  turn: number;
  style: CommunicationStyle;
  /** The user wrote something about themselves in the settings (the question may link to it on the first turn). */
  hasPersonalContext: boolean;
  /** The safety net's check-in window is open. */
  checkIn: boolean;
  /** «вы» or «ты» as the settings say (default «вы»); a request in the conversation itself comes first. */
  address?: AddressForm;
  /** The conversation before this message, oldest first, as the model's prompt holds it. */
  history?: Array<{ role: 'user' | 'assistant'; content: string }>;
  /** The check-in's reminder with the operator's crisis lines (safety/crisis-reply.ts, checkInReminder). */
  checkInReminder?: string;
}

export type PlannedSuggestion =
  { kind: 'practice'; practiceId: PracticeId } | { kind: 'diary'; title: string; content: string };

export interface ReplyPlan {
  themeId: string;
  /** The reply's first part: the answer with its suggestions, or the reflection (and the check-in opener). */
  lead: string;
  /** The one open question, and the check-in reminder when due: the reply's last part. */
  close: string;
  suggestion: PlannedSuggestion | null;
  /** The form of address the reply is in. */
  address: AddressForm;
}

/** FNV-1a: a stable number from the seed, so the variation is deterministic. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const fold = (text: string) => text.toLowerCase().replace(/ё/g, 'е');
/** A sentence as compared with what was said: letters and digits only. */
const norm = (text: string) =>
  fold(text)
    .replace(/[^а-яa-z0-9]+/g, ' ')
    .trim();
const sentences = (text: string) => text.split(/(?<=[.!?…])\s+/).filter((s) => norm(s).length > 0);

/** What the conversation so far gives the reply: what was said, the user's earlier messages, the address asked for. */
interface Memory {
  said: Set<string>;
  /** The assistant's replies so far, and the last two of them. */
  replies: string[];
  recent: string[];
  earlier: string[];
  /** The theme of each earlier user message. */
  themes: Theme[];
  address: AddressForm;
}

function memoryOf(text: string, ctx: OfflineContext): Memory {
  const history = ctx.history ?? [];
  const said = new Set<string>();
  for (const m of history) if (m.role === 'assistant') for (const s of sentences(m.content)) said.add(norm(s));
  const earlier = history.filter((m) => m.role === 'user').map((m) => m.content);
  const replies = history.filter((m) => m.role === 'assistant').map((m) => m.content);
  let address = ctx.address ?? 'vy';
  for (const message of [...earlier, text]) address = addressRequestIn(message) ?? address;
  return { said, replies, recent: replies.slice(-2), earlier, themes: earlier.map((m) => themeOf(fold(m))), address };
}

/**
 * A phrase in one form of address with its sentences as compared: the pools are fixed texts (and a few names put into
 * them), so each is rendered once per form and kept — a reply tries dozens of them.
 */
const renderedCache = new Map<string, { text: string; norms: string[] }>();
function rendered(phrase: string, address: AddressForm) {
  const key = `${address}\u0000${phrase}`;
  let found = renderedCache.get(key);
  if (!found) {
    const text = say(phrase, address);
    found = { text, norms: sentences(text).map(norm) };
    if (renderedCache.size < 5000) renderedCache.set(key, found);
  }
  return found;
}

/**
 * Picks from `list` for this chat, turn and slot a text not said yet in the chat (none of its sentences), or null.
 * Consecutive turns start at consecutive places, so even beyond the prompt's window a pool is walked, not repeated.
 */
function freshPicker(ctx: OfflineContext, memory: Memory) {
  return (list: readonly string[], slot: string, taken: readonly string[] = []): string | null => {
    if (list.length === 0) return null;
    const start = (hash(`${ctx.seed}:${slot}`) + ctx.turn) % list.length;
    for (let i = 0; i < list.length; i++) {
      const { text, norms } = rendered(list[(start + i) % list.length]!, memory.address);
      if (norms.some((s) => memory.said.has(s) || taken.includes(s))) continue;
      return text;
    }
    return null;
  };
}

function themeOf(folded: string): Theme {
  const tile = THEMES.find((t) => t.tile && fold(t.tile) === folded.replace(/[.!]+$/, '').trim());
  if (tile) return tile;
  return THEMES.find((theme) => theme.match.test(folded)) ?? GENERAL;
}

/** A direct question, with or without its question mark. */
const QUESTION =
  /\?|^(как|что|почему|зачем|можно ли|есть ли|подскаж|посовет|помоги)|что (мне )?(делать|сделать)|как (мне )?(быть|справиться|перестать|уснуть|заснуть|успокоиться|начать|собраться|не )|подскаж|посоветуй|посоветуйте|помогите|помоги мне|есть (ли )?(какие-то )?(советы|способы|приемы)/;
const WHO = /(ты|вы)\s+(бот|робот|человек|живой|живая|настоящий|программа|ии|нейросеть)|(^|\s)кто ты(\s|\?|$)/;
/** The message continues what was said before it («опять», «всё ещё»). */
const CONTINUING = /(опять|снова|все еще|до сих пор|как и раньше|тоже|по-прежнему)/;

/** Things of a person's life that may come back later in the conversation, with how they are named («о работе»). */
const ANCHORS: Array<{ match: RegExp; about: string }> = [
  { match: /работ|офис|началь|шеф|коллег/, about: 'о работе' },
  { match: /учеб|учит|универ|институт|школ|экзамен|сесси|диплом/, about: 'об учёбе' },
  { match: /(?<![а-я])(мам|мать|матер)/, about: 'о маме' },
  { match: /(?<![а-я])(пап|отец|отц)/, about: 'о папе' },
  { match: /родител/, about: 'о родителях' },
  { match: /(?<![а-я])муж(?![ч])/, about: 'о муже' },
  { match: /(?<![а-я])жен(а|ы|е|ой|у)(?![а-я])/, about: 'о жене' },
  { match: /(?<![а-я])(парн|парен)/, about: 'о парне' },
  { match: /(?<![а-я])девушк/, about: 'о девушке' },
  { match: /сестр/, about: 'о сестре' },
  { match: /(?<![а-я])брат/, about: 'о брате' },
  { match: /подруг|(?<![а-я])друг(а|у|ом|е)?(?![а-я])|друзь/, about: 'о друзьях' },
  { match: /(?<![а-я])(дет(и|ей|ям|ьми)|ребен|сын|доч)/, about: 'о детях' },
  { match: /деньг|денег|долг|кредит|зарплат/, about: 'о деньгах' },
  { match: /здоров|болезн|болею|врач|больниц/, about: 'о здоровье' },
  { match: /переезд|переехал/, about: 'о переезде' },
  { match: /развод|расстал|расставан/, about: 'о расставании' },
];

/** A theme's name in the prepositional case, for a theme that comes back. */
const THEME_ABOUT: Record<string, string> = {
  sleep: 'о сне',
  anxiety: 'о тревоге',
  'inner-anxiety': 'о тревоге',
  fatigue: 'об усталости',
  procrastination: 'об откладывании дел',
  motivation: 'о мотивации',
  'self-doubt': 'о самокритике',
  anger: 'о злости',
  sadness: 'о грусти',
  loneliness: 'об одиночестве',
  conflict: 'о ссоре',
  shame: 'о вине',
  meaning: 'о смысле',
};

const CHECK_IN_OPENERS = [
  'Как {вы сейчас|ты сейчас}? Я помню, что недавно было очень тяжело.',
  'Хорошо, что {вы снова здесь|ты снова здесь}. Как самочувствие после того трудного разговора?',
];
const PERSONAL_QUESTION =
  'Связано ли это с тем, о чём {вы рассказали|ты рассказал} в разделе «Обо мне»?|Связано ли это с тем, что написано в разделе «Обо мне»?';

/** How each recall begins, as said (to know what was recalled already, and when). */
const RECALL_STARTS = RECALLS.map((r) => norm(r.slice(0, r.indexOf('{}'))));
const recallIn = (said: string) => RECALL_STARTS.some((start) => norm(said).includes(start));

/**
 * Something said at least two messages before the last one, not in the current message and never recalled yet in
 * this chat — at most one recall in three replies, so it stays a remembered detail, not a habit.
 */
function recallFor(folded: string, memory: Memory, pick: ReturnType<typeof freshPicker>, theme: Theme): string | null {
  if (memory.recent.some(recallIn)) return null;
  const older = memory.earlier.slice(0, -1).map(fold);
  const last = fold(memory.earlier.at(-1) ?? '');
  for (let i = older.length - 1; i >= 0; i--) {
    for (const anchor of ANCHORS) {
      if (!anchor.match.test(older[i]!) || anchor.match.test(folded) || anchor.match.test(last)) continue;
      if (memory.replies.some((r) => recallIn(r) && norm(r).includes(norm(anchor.about)))) continue;
      const related = memory.themes[i] === theme || CONTINUING.test(folded);
      if (!related && memory.earlier.length % 3 !== 2) continue;
      const line = pick(
        RECALLS.map((r) => r.replace('{}', anchor.about)),
        `recall:${anchor.about}`,
      );
      if (line) return line;
    }
  }
  return null;
}

/** The theme spoken of a while ago (not in the last message) and now again: it is named as coming back. */
function returnFor(theme: Theme, memory: Memory, pick: ReturnType<typeof freshPicker>): string | null {
  const about = THEME_ABOUT[theme.id];
  if (!about) return null;
  const older = memory.themes.slice(0, -1);
  const last = memory.themes.at(-1) ?? null;
  if (last === theme || !older.includes(theme)) return null;
  return pick(
    RETURNS.map((r) => r.replace('{}', about)),
    'return',
  );
}

/** The newest theme of the user's earlier messages (a short follow-up continues it). */
function lastTheme(memory: Memory): Theme {
  return memory.themes.findLast((theme) => theme !== GENERAL) ?? GENERAL;
}

const first = <T>(...options: Array<T | null | undefined>): T | null => options.find((o) => o != null) ?? null;

export function planReply(text: string, ctx: OfflineContext): ReplyPlan {
  const memory = memoryOf(text, ctx);
  const pick = freshPicker(ctx, memory);
  const folded = fold(text).trim();
  const style = ctx.style;
  const short = folded.length < 30;
  const own = themeOf(folded);
  const asking = QUESTION.test(folded);
  // A short or general follow-up («а что ещё?», «не знаю») stays with the topic being talked about.
  const inherited = own === GENERAL && (asking || short) && memory.earlier.length > 0;
  const theme = inherited ? lastTheme(memory) : own;

  let lead: string;
  let question: string;
  const taken: string[] = [];
  const take = (t: string | null) => {
    if (t) for (const s of sentences(t)) taken.push(norm(s));
    return t;
  };
  const ask = (list: readonly string[], slot: string) =>
    take(first(pick(list, slot, taken), pick(QUESTIONS[style], 'q', taken), pick(QUESTIONS.gentle, 'q2', taken))) ??
    say('Что {вы думаете|ты думаешь} об этом сейчас?', memory.address);

  const switched = addressRequestIn(text);
  if (switched && folded.length < 80) {
    lead = take(pick(ADDRESS_SWITCH[switched], 'switch')) ?? say(ADDRESS_SWITCH[switched][0]!, memory.address);
    question = ask(QUESTIONS[style], 'q');
  } else if (WHO.test(folded)) {
    lead = take(first(pick(WHO_I_AM, 'who'), pick(REFLECTIONS[style], 'r'))) ?? '';
    question = ask(questionsFor(theme, style), 'ask');
  } else if (own === GENERAL && short && GREETING.test(folded)) {
    lead = take(first(pick(GREETINGS[style].lead, 'hello'), pick(REFLECTIONS[style], 'r'))) ?? '';
    question = ask(GREETINGS[style].ask, 'hello-ask');
  } else if (own === GENERAL && short && THANKS.test(folded)) {
    lead = take(first(pick(THANKS_REPLIES[style].lead, 'thanks'), pick(CONTINUATIONS[style], 'c'))) ?? '';
    question = ask(THANKS_REPLIES[style].ask, 'thanks-ask');
  } else if (asking) {
    // A direct question: the answer first — one or two suggestions not given yet in this chat — then the question.
    const opener = take(
      first(
        style === 'gentle' ? pick(theme.answer, 'answer', taken) : null,
        pick(ANSWER_OPENERS[style], 'opener', taken),
        pick(theme.answer, 'answer', taken),
        pick(ANSWER_OPENERS.gentle, 'opener2', taken),
      ),
    );
    const advice: string[] = [];
    for (const pool of [theme.advice, GENERAL.advice]) {
      while (advice.length < 2) {
        const next = take(pick(pool, `advice:${advice.length}`, taken));
        if (!next) break;
        advice.push(next);
      }
    }
    const body = style === 'direct' ? advice.map((a, i) => `${i + 1}) ${a}`) : advice;
    lead = [opener, ...body].filter(Boolean).join(' ');
    question = ask(questionsFor(theme, style), 'ask');
  } else {
    const reflection = inherited // a short answer inside a topic: an acknowledgement, not a new reflection
      ? take(first(pick(CONTINUATIONS[style], 'c', taken), pick(REFLECTIONS[style], 'r', taken)))
      : take(
          first(
            pick(reflectionsFor(theme, style), 'reflect', taken),
            pick(REFLECTIONS[style], 'r', taken),
            pick(REFLECTIONS.gentle, 'r2', taken),
          ),
        );
    const back = inherited ? null : take(returnFor(theme, memory, pick));
    lead = [back, reflection].filter(Boolean).join(' ');
    const recalled = take(recallFor(folded, memory, pick, theme));
    question =
      recalled ??
      (ctx.turn === 1 && ctx.hasPersonalContext && theme !== GENERAL
        ? say(PERSONAL_QUESTION, memory.address)
        : ask(questionsFor(theme, style), 'ask'));
  }

  const firstInChat = ctx.turn === 1;
  if (ctx.checkIn && firstInChat)
    lead = `${say(CHECK_IN_OPENERS[hash(ctx.seed) % CHECK_IN_OPENERS.length]!, memory.address)} ${lead}`;
  const remind = ctx.checkIn && !firstInChat && ctx.turn % 2 === 0 && ctx.checkInReminder;
  const close = remind ? `${question}\n\n${ctx.checkInReminder}` : question;

  return {
    themeId: theme.id,
    lead,
    close,
    // A short answer inside a topic («не знаю») gets no card of its own.
    suggestion: inherited && !asking ? null : suggestionFor(theme, text, ctx),
    address: memory.address,
  };
}

/** A practice on the first turn of a theme and every third turn after; otherwise a diary entry where it helps. */
function suggestionFor(theme: Theme, text: string, ctx: OfflineContext): PlannedSuggestion | null {
  if (theme.practices.length > 0 && (ctx.turn === 1 || ctx.turn % 3 === 0)) {
    return { kind: 'practice', practiceId: theme.practices[(hash(ctx.seed) + ctx.turn) % theme.practices.length]! };
  }
  const worthKeeping = theme.id === 'joy' ? text.trim().length >= 15 : text.trim().length >= 40 && ctx.turn % 2 === 1;
  if (theme.diaryTitle && worthKeeping)
    return { kind: 'diary', title: theme.diaryTitle, content: text.trim().slice(0, 1000) };
  return null;
}

/** What follows the tool's card: a line about the suggestion (honest about the plan), then the question. */
export function afterSuggestion(
  plan: ReplyPlan,
  ctx: OfflineContext,
  result: { practice_name?: string; has_access?: boolean } | null,
): string {
  const memory = memoryOf('', { ...ctx, address: plan.address, history: ctx.history });
  memory.address = plan.address;
  const pick = freshPicker(ctx, memory);
  const taken = sentences(`${plan.lead} ${plan.close}`).map(norm);
  let line: string | null = null;
  if (plan.suggestion?.kind === 'diary') line = pick(DIARY_LINES, 'diary', taken);
  else if (result?.practice_name) {
    const lines = result.has_access === false ? LOCKED_PRACTICE_LINES : PRACTICE_LINES[ctx.style];
    line = pick(
      lines.map((l) => l.replace('{}', result.practice_name!)),
      'practice',
      taken,
    );
  }
  return [line, plan.close].filter(Boolean).join(' ');
}
