// What the assistant says when the safety net sees a risk signal, and the gentle check-in that follows for a while.
// The words are fixed here, not left to a model: calm and warm, the crisis lines, an invitation to keep talking and
// a grounding practice — never anything about means or methods, never a closed door. The same rules are in the
// model's system prompt (server/chat/prompt.ts) for what the detector cannot see.
import { CRISIS_LINES } from '../../../contract/safety/crisis-lines';

/** How long after the last risk signal every chat keeps a gentle check-in (docs/decisions.md, Chat). */
export const RISK_CHECK_IN_MS = 72 * 3_600_000;

/** The practice offered with the crisis reply: grounding works in an acute moment and is open on every plan. */
export const CRISIS_PRACTICE_ID = 'grounding_54321';

/**
 * The topic of a chat whose first message was a risk signal: the list shows a neutral title instead of those words
 * (a card reading «хочу умереть» among the others helps no one).
 */
export const CRISIS_TOPIC = 'Важный разговор';

const OPENINGS = [
  'Мне очень жаль, что вам сейчас так тяжело. Спасибо, что написали об этом — это важно, и вы не обязаны справляться с этим в одиночку.',
  'Слышу, как вам сейчас больно. Хорошо, что вы сказали об этом, а не остались с этим наедине.',
  'То, что вы чувствуете, очень серьёзно, и хорошо, что вы написали. С этим не нужно оставаться один на один.',
];

const INVITATIONS = [
  'Я здесь и никуда не ухожу. Расскажите, что сейчас происходит? Если накрывает прямо сейчас, попробуйте короткое заземление — карточка ниже, это займёт несколько минут.',
  'Я рядом, и мы можем говорить столько, сколько нужно. Что случилось сегодня? А если прямо сейчас очень тяжело, можно вместе заземлиться — практика ниже.',
];

/** The crisis reply; `turn` varies the wording (deterministically), the crisis lines never change. */
export function crisisReply(turn: number): string {
  return `${OPENINGS[turn % OPENINGS.length]}\n\n${CRISIS_LINES}\n\n${INVITATIONS[turn % INVITATIONS.length]}`;
}

/**
 * The check-in window's answer when the model cannot give one (today's tokens are spent, the provider failed):
 * someone who wrote about suicide hours ago is never met by a paywall or an error, only by these words.
 */
export const CHECK_IN_FALLBACK =
  'Я здесь, и хорошо, что вы написали. Сейчас я не могу ответить подробно, но мне важно, как вы. Недавно вам было очень тяжело — как вы сейчас?\n\n' +
  `${CRISIS_LINES}\n\n` +
  'Можно написать мне ещё раз чуть позже. А если накрывает прямо сейчас, попробуйте короткое заземление — карточка ниже.';

/** True while a risk flag set at `flaggedAt` still asks for a check-in. */
export function needsCheckIn(flaggedAt: Date | null, now: Date = new Date()): boolean {
  return flaggedAt !== null && now.getTime() - flaggedAt.getTime() < RISK_CHECK_IN_MS;
}
