// The safety net's detector: normalise the message, blank the everyday figures of speech, then look for any risk
// signal. Runs before the model on every user message (server/chat/turn.ts; a hit answers with the crisis reply)
// and on the device over what someone writes in a step practice (src/screens/practices/steps/riskSignal.ts): pure
// TypeScript without dependencies, so both sides run the one detector.
import { FIGURES_OF_SPEECH } from './figures-of-speech';
import { canonical, normalizeMessage } from './normalize';
import { SIGNALS, type Signal, type SignalKind } from './signals';

/** Compiles the pattern syntax of signals.ts: spaces, `word*`, `~`, then canonical spelling. */
export function compilePattern(source: string, view: 'russian' | 'latin' = 'russian'): RegExp {
  const expanded = source
    .replace(/(?<=\p{L})\*/gu, '\\p{L}*')
    .replace(/ ~ /g, '(?:\\s+\\p{L}+){0,2}\\s*')
    .replace(/ /g, '\\s*');
  const spelled = view === 'russian' ? canonical(expanded) : expanded;
  // A signal starts at a word's start; it may end anywhere (endings vary), the patterns say where it must not.
  return new RegExp(`(?<!\\p{L})(?:${spelled})`, 'gu');
}

const figures = FIGURES_OF_SPEECH.map((source) => compilePattern(source));
const signals = SIGNALS.map((signal) => ({ signal, regex: compilePattern(signal.pattern, signal.view) }));

/**
 * The detector's three verdicts: `crisis` answers with the crisis reply, `concern` with the screening question
 * («…У вас бывают такие мысли?»), `none` with an ordinary reply.
 */
export type RiskTier = 'none' | 'concern' | 'crisis';

export interface RiskAssessment {
  tier: RiskTier;
  /** `tier === 'crisis'`: the crisis reply is due. */
  risk: boolean;
  /** The strongest signal found (its id and kind), for the log and the tests; never shown to the user. */
  signal?: { id: string; kind: SignalKind };
}

/**
 * Reads one message; `context` holds the same person's few earlier messages of the conversation, oldest first,
 * so signs spread over several messages add up («не вижу смысла» … «план уже есть»).
 */
export function assessRisk(message: string, context: readonly string[] = []): RiskAssessment {
  const own = assessOne(message);
  if (own.risk || context.length === 0) return own;
  const together = assessOne([...context, message].join('\n'));
  return together.risk ? together : own;
}

function assessOne(message: string): RiskAssessment {
  const { russian, latin } = normalizeMessage(message);
  let text = russian;
  for (const figure of figures) text = text.replace(figure, (span) => ' '.repeat(span.length));
  for (const { signal, regex } of signals) {
    regex.lastIndex = 0;
    if (regex.test(signal.view === 'latin' ? latin : text)) return { tier: 'crisis', risk: true, signal: pick(signal) };
  }
  return { tier: 'none', risk: false };
}

const pick = ({ id, kind }: Signal) => ({ id, kind });

/** True when any of the texts (a diary entry's title and content, a practice's answers or comment) signals a risk. */
export const signalsRisk = (...texts: Array<string | null | undefined>): boolean =>
  texts.some((text) => !!text && text.trim() !== '' && assessRisk(text).risk);
