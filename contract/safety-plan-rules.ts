// The personal safety plan (the Stanley–Brown safety planning intervention): its seven steps, their limits, and the
// pure rules both sides share — what a plan sends (trimmed, blank items dropped), and how two versions of one plan
// are merged so that nothing written on either is lost. No zod here: the client imports this module
// (contract/safety-plan.ts builds the schemas from these limits).

/** The steps in the order the plan is filled. */
export const SAFETY_PLAN_STEPS = [
  'warning_signs',
  'coping',
  'distractions',
  'helpers',
  'professionals',
  'safe_environment',
  'reasons',
] as const;
export type SafetyPlanStep = (typeof SAFETY_PLAN_STEPS)[number];

/** The steps whose items are people to call or write (a name, a phone, a Telegram username); the rest are lines. */
export const CONTACT_STEPS = ['helpers', 'professionals'] as const;
export type ContactStep = (typeof CONTACT_STEPS)[number];
export type ListStep = Exclude<SafetyPlanStep, ContactStep>;

export const isContactStep = (step: SafetyPlanStep): step is ContactStep =>
  (CONTACT_STEPS as readonly string[]).includes(step);

/**
 * Limits of every field. Counts are generous on purpose: a merge of two devices' plans is cut to them
 * (mergePlans), and no one's plan should ever reach that.
 */
export const SAFETY_PLAN_LIMITS = {
  /** Lines (or contacts) in one step. */
  items: 20,
  /** One line, in characters. */
  text: 300,
  name: 100,
  phone: 32,
  telegram: 64,
} as const;

/** Someone to call or write. Empty strings where the person left a field out. */
export interface PlanContact {
  name: string;
  phone: string;
  telegram: string;
}

export type SafetyPlanContent = { [S in ListStep]: string[] } & { [S in ContactStep]: PlanContact[] };

export function emptyPlan(): SafetyPlanContent {
  return {
    warning_signs: [],
    coping: [],
    distractions: [],
    helpers: [],
    professionals: [],
    safe_environment: [],
    reasons: [],
  };
}

const clean = (text: string, max: number) => text.replaceAll('\u0000', '').trim().slice(0, max);
const isBlankContact = (c: PlanContact) => !c.name && !c.phone && !c.telegram;

/**
 * The plan as it is stored and sent: every field trimmed and cut to its limit, blank lines and blank contacts
 * dropped, at most `items` a step. What it returns always passes the server's schema.
 */
export function planForServer(plan: SafetyPlanContent): SafetyPlanContent {
  const { items, text, name, phone, telegram } = SAFETY_PLAN_LIMITS;
  const out = emptyPlan();
  for (const step of SAFETY_PLAN_STEPS) {
    if (isContactStep(step)) {
      out[step] = plan[step]
        .map((c) => ({
          name: clean(c.name, name),
          phone: clean(c.phone, phone),
          telegram: clean(c.telegram, telegram),
        }))
        .filter((c) => !isBlankContact(c))
        .slice(0, items);
    } else {
      out[step] = plan[step]
        .map((line) => clean(line, text))
        .filter(Boolean)
        .slice(0, items);
    }
  }
  return out;
}

/** Nothing written in any step (blank lines do not count). */
export function isPlanEmpty(plan: SafetyPlanContent): boolean {
  const sent = planForServer(plan);
  return SAFETY_PLAN_STEPS.every((step) => sent[step].length === 0);
}

/**
 * How two lines (or contacts) are told apart: case, spacing, the @ of a username and the way a phone number is
 * written do not matter (8 916… and +7 916… are one Russian number).
 */
const lineKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');
const phoneKey = (phone: string) => phone.replace(/\D/g, '').replace(/^8(?=\d{10}$)/, '7');
const contactKey = (c: PlanContact) =>
  [lineKey(c.name), phoneKey(c.phone), lineKey(c.telegram.replace(/^@/, ''))].join('\u0001');

function union<T>(first: T[], second: T[], key: (item: T) => string): T[] {
  const seen = new Set(first.map(key));
  const added = second.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return [...first, ...added].slice(0, SAFETY_PLAN_LIMITS.items);
}

/**
 * Two versions of one plan as one: every line of `first`, then the lines of `second` it does not have, step by
 * step. Used when a device saves a plan that changed elsewhere since the device last saw it (two devices, or edits
 * kept offline): nothing written on either side is lost; a line deleted on one side may come back.
 */
export function mergePlans(first: SafetyPlanContent, second: SafetyPlanContent): SafetyPlanContent {
  const a = planForServer(first);
  const b = planForServer(second);
  const out = emptyPlan();
  for (const step of SAFETY_PLAN_STEPS) {
    if (isContactStep(step)) out[step] = union(a[step], b[step], contactKey);
    else out[step] = union(a[step], b[step], lineKey);
  }
  return out;
}

/** The same plan once sent (what `planForServer` keeps of both is equal). */
export function samePlan(a: SafetyPlanContent, b: SafetyPlanContent): boolean {
  return JSON.stringify(planForServer(a)) === JSON.stringify(planForServer(b));
}
