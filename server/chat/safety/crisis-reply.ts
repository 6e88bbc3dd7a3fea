// What the assistant says when the safety net sees a risk, and the gentle check-in that follows for a while. The
// words are fixed here, not left to a model: calm and warm, the crisis lines (the operator's list, contract/safety/
// crisis-lines.ts), an invitation to keep talking and a grounding practice — never anything about means or methods,
// never a closed door. The same rules are in the model's system prompt (server/chat/prompt.ts).
//
//   crisis     the full block with every line — once per chat a day (CRISIS_BLOCK_EVERY_MS);
//   follow-up  a risk again in that chat the same day: the short line and «Помощь рядом» in the header;
//   screening  the concern tier: the Columbia screener's direct question, with the short line;
//   check-in   the window after a risk (RISK_CHECK_IN_MS): the words when the model cannot answer.
import { briefLinesText, crisisLinesText, type CrisisLines } from '../../../contract/safety/crisis-lines';
import { inRiskWindow, RISK_WINDOW_MS } from '../../users/service';

/** How long after the last risk signal every chat keeps a gentle check-in (the after-crisis window). */
export const RISK_CHECK_IN_MS = RISK_WINDOW_MS;

/** The full crisis block is shown at most once per chat in this long; a risk again meanwhile gets the follow-up. */
export const CRISIS_BLOCK_EVERY_MS = 24 * 3_600_000;

/** The practice offered with the crisis reply: grounding works in an acute moment and is open on every plan. */
export const CRISIS_PRACTICE_ID = 'grounding_54321';

/**
 * The topic of a chat whose first message was a risk signal: the list shows a neutral title instead of those words
 * (a card reading «хочу умереть» among the others helps no one).
 */
export const CRISIS_TOPIC = 'Важный разговор';

/** The screening question, verbatim (the Columbia screener's first question, asked directly and kindly). */
export const SCREENING_QUESTION =
  'Иногда, когда так тяжело, появляются мысли о том, чтобы не жить. У вас бывают такие мысли?';

const OPENINGS = [
  'Мне очень жаль, что вам сейчас так тяжело. Спасибо, что написали об этом — это важно, и вы не обязаны справляться с этим в одиночку.',
  'Слышу, как вам сейчас больно. Хорошо, что вы сказали об этом, а не остались с этим наедине.',
  'То, что вы чувствуете, очень серьёзно, и хорошо, что вы написали. С этим не нужно оставаться один на один.',
];

const INVITATIONS = [
  'Я здесь и никуда не ухожу. Расскажите, что сейчас происходит? Если накрывает прямо сейчас, попробуйте короткое заземление — карточка ниже, это займёт несколько минут.',
  'Я рядом, и мы можем говорить столько, сколько нужно. Что случилось сегодня? А если прямо сейчас очень тяжело, можно вместе заземлиться — практика ниже.',
];

const FOLLOW_UPS = [
  'Я здесь, и я слышу, что вам по-прежнему очень тяжело.',
  'Спасибо, что продолжаете писать. Слышу, что легче пока не стало.',
];

const SCREENING_LEADS = [
  'Слышу, как вам сейчас тяжело.',
  'Похоже, вам сейчас очень непросто, и хорошо, что вы об этом пишете.',
];

/** Where every line is, after the first block: the chat header's button (the client shows it in the window). */
const HELP_NEARBY_NOTE = 'Все номера — под кнопкой «Помощь рядом» вверху чата.';

/** The crisis reply with every line; `turn` varies the wording (deterministically), the lines never change. */
export function crisisReply(lines: CrisisLines, turn: number): string {
  return `${OPENINGS[turn % OPENINGS.length]}\n\n${crisisLinesText(lines)}\n\n${INVITATIONS[turn % INVITATIONS.length]}`;
}

/** A risk again in a chat that showed the full block today: the short line, where the rest is, and the invitation. */
export function crisisFollowUp(lines: CrisisLines, turn: number): string {
  return `${FOLLOW_UPS[turn % FOLLOW_UPS.length]}\n\n${briefLinesText(lines)} ${HELP_NEARBY_NOTE}\n\n${INVITATIONS[turn % INVITATIONS.length]}`;
}

/** The concern tier: a lead, the direct question, and the lines in one line. */
export function screeningReply(lines: CrisisLines, turn: number): string {
  return `${SCREENING_LEADS[turn % SCREENING_LEADS.length]} ${SCREENING_QUESTION}\n\n${briefLinesText(lines)}`;
}

/**
 * What a model's reply gets after it when the model's second opinion reads the message differently from the
 * detector: the crisis help (every line, or the short line when the chat showed them today), or the screening
 * question.
 */
export function crisisAddendum(lines: CrisisLines, brief: boolean): string {
  const help = brief ? `${briefLinesText(lines)} ${HELP_NEARBY_NOTE}` : crisisLinesText(lines);
  return `Мне важно сказать и это: с тем, что вы чувствуете, не нужно оставаться одному.\n\n${help}\n\n${INVITATIONS[0]}`;
}

export const screeningAddendum = (lines: CrisisLines) =>
  `И ещё один вопрос, он важный. ${SCREENING_QUESTION}\n\n${briefLinesText(lines)}`;

/** The short reminder of the check-in window (the offline assistant's every second reply; the model is asked to). */
export const checkInReminder = (lines: CrisisLines) => `${briefLinesText(lines)} И я тоже здесь.`;

/**
 * The check-in window's answer when the model cannot give one (today's tokens are spent, the provider failed):
 * someone who wrote about suicide hours ago is never met by a paywall or an error, only by these words.
 */
export function checkInFallback(lines: CrisisLines): string {
  return (
    'Я здесь, и хорошо, что вы написали. Сейчас я не могу ответить подробно, но мне важно, как вы. Недавно вам было очень тяжело — как вы сейчас?\n\n' +
    `${briefLinesText(lines)} ${HELP_NEARBY_NOTE}\n\n` +
    'Можно написать мне ещё раз чуть позже. А если накрывает прямо сейчас, попробуйте короткое заземление — карточка ниже.'
  );
}

/** True while a risk flag set at `flaggedAt` still asks for a check-in. */
export const needsCheckIn = inRiskWindow;
