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

export interface RiskAssessment {
  risk: boolean;
  /** The first signal found (its id and kind), for the log and the tests; never shown to the user. */
  signal?: { id: string; kind: SignalKind };
}

export function assessRisk(message: string): RiskAssessment {
  const { russian, latin } = normalizeMessage(message);
  let text = russian;
  for (const figure of figures) text = text.replace(figure, (span) => ' '.repeat(span.length));
  for (const { signal, regex } of signals) {
    regex.lastIndex = 0;
    if (regex.test(signal.view === 'latin' ? latin : text)) return { risk: true, signal: pick(signal) };
  }
  return { risk: false };
}

const pick = ({ id, kind }: Signal) => ({ id, kind });

/** True when any of the texts (a diary entry's title and content, a practice's answers or comment) signals a risk. */
export const signalsRisk = (...texts: Array<string | null | undefined>): boolean =>
  texts.some((text) => !!text && text.trim() !== '' && assessRisk(text).risk);
