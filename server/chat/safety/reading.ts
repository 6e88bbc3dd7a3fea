// How the safety net reads a user message before anything else happens to it (server/chat/service.ts): the detector
// (contract/safety/detect.ts) over the message with the same person's few earlier messages of the chat as context,
// and — when the chat's newest message is the screening question — the message as its answer
// (contract/safety/screener.ts). Pure: the history is what the turn already read for the prompt.
import { assessRisk, type RiskTier } from '../../../contract/safety/detect';
import { readScreeningAnswer } from '../../../contract/safety/screener';

/** How many of the user's earlier messages in the chat are read with a new one. */
export const SAFETY_CONTEXT_MESSAGES = 4;

export interface SafetyReading {
  /** crisis → the crisis reply; concern → the screening question; none → the conversation. */
  tier: RiskTier;
  /** The user's earlier messages that were read with it, oldest first (the classifier gets them too). */
  context: string[];
  /** The message answered the screening question (a no or an unclear one): the question is not asked again now. */
  screeningAnswered: boolean;
}

/** `earlier`: the chat's messages before this one, newest first (the prompt's history window). */
export function readSafety(
  message: string,
  earlier: ReadonlyArray<{ role: 'user' | 'assistant'; content: string; safety: string | null }>,
): SafetyReading {
  const context = earlier
    .filter((m) => m.role === 'user')
    .slice(0, SAFETY_CONTEXT_MESSAGES)
    .map((m) => m.content)
    .reverse();
  const tier = assessRisk(message, context).tier;
  const asked = earlier[0]?.role === 'assistant' && earlier[0].safety === 'screening';
  if (!asked) return { tier, context, screeningAnswered: false };
  // The answer: a yes in any words, any risk sign of its own, or a crisis with what came before → the crisis
  // reply; a no or an unclear answer → the conversation goes on (the question is never asked twice in a row).
  const yes = readScreeningAnswer(message) === 'yes' || assessRisk(message).tier !== 'none' || tier === 'crisis';
  return { tier: yes ? 'crisis' : 'none', context, screeningAnswered: !yes };
}
