// How the safety net reads a user message before anything else happens to it (server/chat/service.ts): the detector
// (contract/safety/detect.ts) over the message with the same person's few earlier messages of the chat as context,
// and — when the chat's newest message is the screening question — the message as its answer
// (contract/safety/screener.ts). Pure: the history is what the turn already read for the prompt.
//
// The screening question is asked at most once per chat a day (docs/decisions/0286): a concern is a probable reading,
// not a certain one, and «нет» said this morning is still an answer tonight. A crisis is answered whenever it is read.
import { assessRisk, CRISIS_OPEN_SIGN, type RiskTier } from '../../../contract/safety/detect';
import { readScreeningAnswer } from '../../../contract/safety/screener';
import { CRISIS_BLOCK_EVERY_MS } from './crisis-reply';

/** How many of the user's earlier messages in the chat are read with a new one. */
export const SAFETY_CONTEXT_MESSAGES = 4;

/**
 * …written in the same sitting: this long before the new one at most (docs/decisions/0288). A crisis read in the
 * context keeps the conversation in it until a message settles it (contract/safety/settled.ts); «привет» the next
 * day starts afresh, and the after-crisis window (RISK_CHECK_IN_MS) carries the care over.
 */
export const SAFETY_CONTEXT_MS = 6 * 3_600_000;

export interface SafetyReading {
  /** crisis → the crisis reply; concern → the screening question; none → the conversation. */
  tier: RiskTier;
  /** The user's earlier messages that were read with it, oldest first (the classifier gets them too). */
  context: string[];
  /**
   * The screening question may follow the reply (a concern, the detector's or the model's): not when this message
   * answers it, nor when the chat asked it less than a day ago.
   */
  mayAsk: boolean;
  /** The detector read a concern and the question may be asked: the reply is followed by it. */
  asks: boolean;
  /**
   * The crisis is the conversation's, still open from an earlier message, with no sign of this one's own
   * (contract/safety/detect.ts `crisisOpen`, decision 0288): the chat may answer it and add the crisis help.
   */
  continues: boolean;
}

/** The screening question is asked in a chat at most this often (as the full crisis block is shown). */
export const SCREENING_EVERY_MS = CRISIS_BLOCK_EVERY_MS;

/** `earlier`: the chat's messages before this one, newest first (the prompt's history window). */
export function readSafety(
  message: string,
  earlier: ReadonlyArray<{ role: 'user' | 'assistant'; content: string; safety: string | null; at: Date }>,
  now: Date,
): SafetyReading {
  const context = earlier
    .filter((m) => m.role === 'user' && now.getTime() - m.at.getTime() < SAFETY_CONTEXT_MS)
    .slice(0, SAFETY_CONTEXT_MESSAGES)
    .map((m) => m.content)
    .reverse();
  const reading = assessRisk(message, context);
  const tier = reading.tier;
  const continues = tier === 'crisis' && reading.signs.includes(CRISIS_OPEN_SIGN);
  const asked = earlier[0]?.role === 'assistant' && earlier[0].safety === 'screening';
  const askedToday = earlier.some(
    (m) => m.safety === 'screening' && now.getTime() - m.at.getTime() < SCREENING_EVERY_MS,
  );
  if (!asked) return { tier, context, mayAsk: !askedToday, asks: tier === 'concern' && !askedToday, continues };
  // The answer: a yes in any words, any risk sign of its own, or a crisis with what came before → the crisis
  // reply; a no or an unclear answer → the conversation goes on.
  const yes = readScreeningAnswer(message) === 'yes' || assessRisk(message).tier !== 'none' || tier === 'crisis';
  return { tier: yes ? 'crisis' : 'none', context, mayAsk: false, asks: false, continues: false };
}
