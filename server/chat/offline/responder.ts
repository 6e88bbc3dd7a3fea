// The offline assistant's reasoning, pure and deterministic: recognise the theme of the user's message, reflect
// what was heard (quoting the user's own sentence), ask one open question, and decide whether a practice or a
// diary entry would help. The same chat and turn always get the same words; different chats and turns vary.
import type { CommunicationStyle } from '../../../contract/settings';
import type { PracticeId } from '../../practices/catalogue';
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
  /** The check-in's reminder with the operator's crisis lines (safety/crisis-reply.ts, checkInReminder). */
  checkInReminder?: string;
}

export type PlannedSuggestion =
  { kind: 'practice'; practiceId: PracticeId } | { kind: 'diary'; title: string; content: string };

export interface ReplyPlan {
  themeId: string;
  /** Reflection (and the check-in opener): the reply's first part. */
  lead: string;
  /** The one open question, and the check-in reminder when due: the reply's last part. */
  close: string;
  suggestion: PlannedSuggestion | null;
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

function chooser(ctx: OfflineContext) {
  const base = hash(ctx.seed);
  return <T>(list: readonly T[], slot: number): T => list[(base + ctx.turn * 7 + slot * 13) % list.length]!;
}

const fold = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

function themeOf(folded: string): { theme: Theme; at: number; tile: boolean } {
  const tile = THEMES.find((t) => t.tile && fold(t.tile) === folded.replace(/[.!]+$/, '').trim());
  if (tile) return { theme: tile, at: -1, tile: true };
  for (const theme of THEMES) {
    const m = theme.match.exec(folded);
    if (m) return { theme, at: m.index, tile: false };
  }
  return { theme: GENERAL, at: -1, tile: false };
}

/** The user's sentence around position `at`, short enough to quote back. */
function echoOf(text: string, at: number): string | null {
  if (at < 0) return null;
  const start =
    Math.max(
      text.lastIndexOf('.', at),
      text.lastIndexOf('!', at),
      text.lastIndexOf('?', at),
      text.lastIndexOf('\n', at),
    ) + 1;
  const ends = ['.', '!', '?', '\n'].map((c) => text.indexOf(c, at)).filter((i) => i >= 0);
  let sentence = text
    .slice(start, ends.length ? Math.min(...ends) : text.length)
    .replace(/\s+/g, ' ')
    .trim();
  if (sentence.length < 8) return null;
  if (sentence.length > 90)
    sentence = `${sentence.slice(0, sentence.lastIndexOf(' ', 88)).replace(/[\s,;:—-]+$/, '')}…`;
  return sentence.replace(/[«»]/g, '"');
}

const ECHO = ['Вы пишете: «{}».', 'Слышу вас: «{}».', '«{}» — это важно.'];
const CHECK_IN_OPENERS = [
  'Как вы сейчас? Я помню, что недавно вам было очень тяжело.',
  'Хорошо, что вы снова здесь. Как вы себя чувствуете после того трудного разговора?',
];
const PERSONAL_QUESTION = 'Связано ли это с тем, о чём вы рассказали в разделе «Обо мне»?';
const GREETING_LEAD = 'Здравствуйте! Я здесь, чтобы выслушать и помочь разобраться в том, что вы чувствуете.';
const GREETING_QUESTION = 'Что вас беспокоит сейчас?';
const THANKS_LEAD = 'Пожалуйста! Мне важно, что это было полезно.';
const THANKS_QUESTION = 'Как вы себя чувствуете сейчас?';

export function planReply(text: string, ctx: OfflineContext): ReplyPlan {
  const pick = chooser(ctx);
  const folded = fold(text);
  const { theme, at, tile } = themeOf(folded);
  const short = text.trim().length < 30;

  let lead: string;
  let question: string;
  if (theme === GENERAL && short && GREETING.test(folded)) [lead, question] = [GREETING_LEAD, GREETING_QUESTION];
  else if (theme === GENERAL && short && THANKS.test(folded)) [lead, question] = [THANKS_LEAD, THANKS_QUESTION];
  else {
    const echo = tile ? null : echoOf(text, at);
    lead = [echo ? pick(ECHO, 1).replace('{}', echo) : '', pick(reflectionsFor(theme, ctx.style), 2)]
      .filter(Boolean)
      .join(' ');
    question =
      ctx.turn === 1 && ctx.hasPersonalContext && theme !== GENERAL
        ? PERSONAL_QUESTION
        : pick(questionsFor(theme, ctx.style), 3);
  }

  const firstInChat = ctx.turn === 1;
  if (ctx.checkIn && firstInChat) lead = `${pick(CHECK_IN_OPENERS, 4)} ${lead}`;
  const remind = ctx.checkIn && !firstInChat && ctx.turn % 2 === 0 && ctx.checkInReminder;
  const close = remind ? `${question}\n\n${ctx.checkInReminder}` : question;

  return { themeId: theme.id, lead, close, suggestion: suggestionFor(theme, text, ctx, pick) };
}

/** A practice on the first turn of a theme and every third turn after; otherwise a diary entry where it helps. */
function suggestionFor(
  theme: Theme,
  text: string,
  ctx: OfflineContext,
  pick: ReturnType<typeof chooser>,
): PlannedSuggestion | null {
  if (theme.practices.length > 0 && (ctx.turn === 1 || ctx.turn % 3 === 0)) {
    return { kind: 'practice', practiceId: pick(theme.practices, 5) };
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
  const pick = chooser(ctx);
  let line: string;
  if (plan.suggestion?.kind === 'diary') {
    line = pick(
      [
        'Если хочется сохранить этот момент, ниже черновик записи в дневник — его можно поправить.',
        'Можно сохранить это в дневник: черновик ниже.',
      ],
      6,
    );
  } else if (result?.practice_name && result.has_access === false) {
    line = `Здесь хорошо подошла бы практика «${result.practice_name}» — она открывается на тарифах PRO и PREMIUM, карточка ниже.`;
  } else if (result?.practice_name) {
    const lines =
      ctx.style === 'direct'
        ? ['Попробуйте практику «{}» — карточка ниже.', 'Сделайте практику «{}», она ниже.']
        : ctx.style === 'humorous'
          ? [
              'А ещё у меня для вас есть «{}» — карточка ниже, побочных эффектов не замечено.',
              'Могу предложить «{}» — карточка ниже.',
            ]
          : ['Если захотите, попробуйте практику «{}» — она ниже.', 'Может помочь практика «{}», карточка ниже.'];
    line = pick(lines, 6).replace('{}', result.practice_name);
  } else {
    line = '';
  }
  return [line, plan.close].filter(Boolean).join(' ');
}
