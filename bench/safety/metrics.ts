// The safety detector's figures on a labelled set (bench/safety.ts prints them; tests/server/safety-detector.test.ts
// holds the budgets on the repository's eval set). Definitions (docs/safety-detector.md, docs/decisions/0104):
//   recall        of the messages labelled `crisis` or `concern`, the share the detector escalates enough:
//                 a `crisis` label needs the crisis verdict, a `concern` label needs concern or crisis;
//   crisis recall of the `crisis`-labelled, the share with the crisis verdict (the same test, crisis only);
//   false alarms  of the messages labelled `none`, the share given the crisis verdict (the crisis reply);
//   concern rate  of the messages labelled `none`, the share given the concern verdict (the screening question).
import { readFileSync } from 'node:fs';
import { assessRisk, type RiskTier } from '../../contract/safety/detect';
import { readSafety } from '../../server/chat/safety/reading';

export interface Labelled {
  id: string;
  text: string;
  context?: string[];
  label: RiskTier;
  category: string;
}

export const readSet = (path: string): Labelled[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Labelled);

const RANK: Record<RiskTier, number> = { none: 0, concern: 1, crisis: 2 };

/** The verdict is escalated enough for a risk label (crisis → crisis; concern → concern or crisis). */
export const caught = (label: RiskTier, tier: RiskTier) => RANK[tier] >= RANK[label];

export interface Tally {
  risk: number;
  caught: number;
  crisis: number;
  crisisCaught: number;
  none: number;
  falseAlarms: number;
  concerns: number;
}

export interface Outcome {
  item: Labelled;
  tier: RiskTier;
  signal?: string;
}

export interface Report {
  total: Tally;
  byCategory: Map<string, Tally>;
  /** Risk messages not escalated enough, and `none` messages given the crisis verdict. */
  misses: Outcome[];
  falseAlarms: Outcome[];
}

const empty = (): Tally => ({ risk: 0, caught: 0, crisis: 0, crisisCaught: 0, none: 0, falseAlarms: 0, concerns: 0 });

/** How a message is read: the detector by default; the bench passes out-of-fold readings for the training files. */
type Reader = (item: Labelled) => { tier: RiskTier; signal?: { id: string } };

export function evaluate(
  items: readonly Labelled[],
  read: Reader = (item) => assessRisk(item.text, item.context ?? []),
): Report {
  const total = empty();
  const byCategory = new Map<string, Tally>();
  const misses: Outcome[] = [];
  const falseAlarms: Outcome[] = [];
  for (const item of items) {
    const verdict = read(item);
    const outcome: Outcome = { item, tier: verdict.tier, signal: verdict.signal?.id };
    if (!byCategory.has(item.category)) byCategory.set(item.category, empty());
    for (const tally of [total, byCategory.get(item.category)!]) {
      if (item.label === 'none') {
        tally.none++;
        if (verdict.tier === 'crisis') tally.falseAlarms++;
        if (verdict.tier === 'concern') tally.concerns++;
      } else {
        tally.risk++;
        if (caught(item.label, verdict.tier)) tally.caught++;
        if (item.label === 'crisis') {
          tally.crisis++;
          if (verdict.tier === 'crisis') tally.crisisCaught++;
        }
      }
    }
    if (item.label !== 'none' && !caught(item.label, verdict.tier)) misses.push(outcome);
    if (item.label === 'none' && verdict.tier === 'crisis') falseAlarms.push(outcome);
  }
  return { total, byCategory, misses, falseAlarms };
}

/**
 * Several messages as the chat reads them (server/chat/safety/reading.ts): each in its turn with the ones before it,
 * an answer to the screening question read as an answer. The strongest reply of the conversation: the person had the
 * crisis reply if any turn gave it — the verdict on the newest message alone (evaluate) misses a crisis answered a
 * message earlier.
 */
export function asTheChatReads(item: Labelled): RiskTier {
  const earlier: Array<{ role: 'user' | 'assistant'; content: string; safety: string | null; at: Date }> = [];
  let strongest: RiskTier = 'none';
  const at = new Date(); // one conversation, one sitting
  for (const text of [...(item.context ?? []), item.text]) {
    const { tier, asks } = readSafety(text, earlier, at);
    if (RANK[tier] > RANK[strongest]) strongest = tier;
    earlier.unshift({ role: 'user', content: text, safety: null, at });
    earlier.unshift({ role: 'assistant', content: '', safety: asks ? 'screening' : null, at });
  }
  return strongest;
}

export const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
export const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${(100 * share(part, whole)).toFixed(1)} % (${part}/${whole})`;
