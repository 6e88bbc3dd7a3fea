// The seven step-practice machines as two tables each, built from a model of the step flow written here (not from
// the machine, nor from machines/practices/steps/step-practices.ts): each practice's steps, their fields with limits
// and what «Далее» needs (PRACTICES below, from the spec), and the rules every practice shares:
// - «Далее» is on exactly when the step's answers meet its rule; «Назад» on every step but the first; the step's
//   number, «Завершить» on the last (the wheel's review when no area is weak);
// - an answer keeps no NUL character and at most its limit; an unknown field is ignored;
// - every change and every step entered is saved as the draft (the whole progress, exactly);
// - a restored draft that was sent to the diary keeps its client id until an edit, which takes a new one, as does
//   «Начать заново» (which clears the draft first);
// - finishing hands over the progress once; «Завершить без сохранения» (DISCARD) clears the draft and leaves;
// - Telegram's Back (BACK) is «Назад» on every step but the first, and before it leaves with the draft kept.
// The model walks the same event cases as the graph; the tables are its reachable states and steps, so a machine
// that disagrees with it anywhere fails, and a table entry the machine no longer reaches fails too.
import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  waitFor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import type { StoredStepDraft } from '../../machines/practices/steps/step-draft';
import type { StepPracticeId } from '../../machines/practices/steps/step-practices';
import { describeMachineTables, type Effect, type StateRow, type TransitionRow } from '../support/machine-tables';
import type { CaseEvent } from '../support/path-tests';

let idCounter = 0;
/** Valid, distinct client ids (the contract's UUID pattern). */
export const newClientId = () => `00000000-0000-4000-8000-${String(++idCounter).padStart(12, '0')}`;
/** Any id newClientId made (never the draft's). */
const NEW_ID = expect.stringMatching(/^00000000-0000-4000-8000-\d{12}$/);
/** The client id of the restored draft (sent to the diary once already). */
export const DRAFT_CLIENT_ID = '22222222-2222-4222-8222-222222222222';

/** An answer longer than the field allows, padded: kept cut to the limit, and non-blank. */
export const longAnswer = (max: number) => `  ${'я'.repeat(max + 20)}\u0000`;
/** What the field keeps of longAnswer(max): the NUL gone, cut to the limit. */
const kept = (max: number) => `  ${'я'.repeat(max - 2)}`;
/** Spaces and a line break: not an answer. */
const BLANK = '  \n ';

const AREAS = ['energy', 'focus', 'emotions', 'relationships'] as const;
type Area = (typeof AREAS)[number];
type Ratings = Record<Area, number>;
const GOAL_STATES = ['calm', 'confidence', 'interest', 'ease', 'energy', 'joy'];

/** What «Далее» needs on a step: every field (default), these fields, any one, a state of the list, every weak area. */
type Needs = 'all' | 'any' | 'goal' | 'weak' | readonly string[];
interface StepTable {
  /** The fields the step shows, in order, with their limits (the wheel's plan: the weak ones among them). */
  fields: Record<string, number>;
  needs?: Needs;
}
/** The practices as the spec gives them: steps in order, fields, limits, what «Далее» needs. */
const PRACTICES: Record<StepPracticeId, Record<string, StepTable>> = {
  if_i_wasnt_afraid: {
    wish1: { fields: { wish1: 250 } },
    wish2: { fields: { wish2: 250 } },
    wish3: { fields: { wish3: 250 } },
    theme: { fields: { theme: 300 } },
    plan: { fields: { action: 300, firstStep: 300 } },
  },
  stop_think_act: {
    stop: { fields: { situation: 400, reaction: 300 } },
    think: { fields: { alternative1: 200, alternative2: 200, alternative3: 200 } },
    act: { fields: { choice: 250, when: 150 } },
  },
  goal_shift: {
    task: { fields: { task: 800 } },
    state: { fields: { state: 20 }, needs: 'goal' },
    action: { fields: { action: 800 } },
  },
  paradoxical_step: {
    situation: { fields: { situation: 500 } },
    pattern: { fields: { reaction: 300, result: 300 } },
    opposite: { fields: { opposite: 300, when: 150 } },
  },
  balance_wheel: {
    rate: { fields: {} },
    review: { fields: {} },
    plan: { fields: { energy: 400, focus: 400, emotions: 400, relationships: 400 }, needs: 'weak' },
  },
  letter_without_sending: { write: { fields: { to: 100, letter: 1800 }, needs: ['letter'] } },
  diary_three_questions: {
    questions: { fields: { important: 550, succeeded: 550, thanks: 550 }, needs: 'any' },
  },
};

const isFilled = (text: string) => text.trim() !== '';

type At = 'restoring' | 'offer' | 'writing' | 'finished' | 'left' | 'discarded';
/** The flow as the model sees it (decoded from a snapshot, or reached by the model's own steps). */
interface Model {
  at: At;
  step: string;
  answers: Record<string, string>;
  ratings: Ratings | null;
  id: 'new' | 'draft';
  sent: boolean;
}

export interface StepTableOptions<P extends StepPracticeId> {
  practice: P;
  /** The draft restoreDraft reads back (besides none): saved to the diary once, on a later step. */
  draft: StoredStepDraft<P>;
  /**
   * The other steps «Продолжить» resumes on (each of its branches): a draft left there, never sent, with `draft`'s
   * answers to the steps before it and none after.
   */
  resumeOn?: string[];
  counts: { paths: number; transitions: number };
  /** Guards allowed one side, with the reason. */
  guardSides?: Record<string, string>;
}

/** The tables of a step machine, from the model below, and the generated paths through them. */
export function describeStepMachineTables<P extends StepPracticeId>(
  machine: AnyStateMachine,
  view: (snapshot: never) => unknown,
  options: StepTableOptions<P>,
) {
  const { practice, draft } = options;
  const table = PRACTICES[practice];
  const steps = Object.keys(table);
  const wheel = practice === 'balance_wheel';
  const allFields = [...new Set(steps.flatMap((s) => Object.keys(table[s]!.fields)))];
  const maxOf = (field: string) => steps.map((s) => table[s]!.fields[field]).find((m) => m !== undefined)!;
  const draftAnswers = draft.answers as Record<string, string>;
  const drafts: Record<string, StoredStepDraft<P>> = { draft };
  for (const step of options.resumeOn ?? []) {
    const before = new Set(steps.slice(0, steps.indexOf(step)).flatMap((s) => Object.keys(table[s]!.fields)));
    const answers = Object.fromEntries(allFields.map((f) => [f, before.has(f) ? draftAnswers[f] : '']));
    drafts[`on ${step}`] = { ...draft, step, answers, submitted: false } as StoredStepDraft<P>;
  }

  const weakOf = (m: Model) => (m.ratings ? AREAS.filter((a) => m.ratings![a] < 6) : []);
  /** The fields the step shows: its own, or the wheel's weak areas. */
  const shown = (m: Model, step = m.step) =>
    table[step]!.needs === 'weak' ? weakOf(m) : Object.keys(table[step]!.fields);
  const required = (step: string, field: string) => {
    const needs = table[step]!.needs ?? 'all';
    return needs === 'any' ? false : Array.isArray(needs) ? needs.includes(field) : true;
  };
  const complete = (m: Model, step = m.step) => {
    const needs = table[step]!.needs ?? 'all';
    const fields = shown(m, step);
    if (needs === 'any') return fields.some((f) => isFilled(m.answers[f]!));
    if (needs === 'goal') return GOAL_STATES.includes(m.answers.state!);
    return fields.filter((f) => required(step, f)).every((f) => isFilled(m.answers[f]!));
  };
  const lastStep = (m: Model) => (wheel && weakOf(m).length === 0 ? 'review' : steps.at(-1)!);
  /** The step's answers untouched, or complete: the walk leaves a step only then (the rest repeats the same edges). */
  const settled = (m: Model) =>
    wheel && m.step === 'rate'
      ? [{ ratings: { energy: 5, focus: 5, emotions: 5, relationships: 5 } }, ...Object.values(drafts)].some((d) =>
          AREAS.every((a) => m.ratings![a] === d.ratings![a]),
        )
      : shown(m).every((f) => m.answers[f] === '') || complete(m);

  const code = (field: string, value: string) =>
    value === ''
      ? '-'
      : value === BLANK
        ? 'b'
        : value === kept(maxOf(field))
          ? 'f'
          : value === draftAnswers[field]
            ? 'd'
            : value === 'ease'
              ? 's'
              : value === 'гнев'
                ? 'x'
                : `?${value}`;
  const keyOf = (m: Model) =>
    [
      m.at === 'writing' ? `writing.${m.step}` : m.at,
      `@${m.step}`,
      allFields.map((f) => code(f, m.answers[f]!)).join(''),
      ...(m.ratings ? [AREAS.map((a) => m.ratings![a]).join(',')] : []),
      m.id,
      ...(m.sent ? ['sent'] : []),
    ].join(' ');
  const decode = (s: AnyMachineSnapshot): Model => {
    const c = s.context as { step: string; answers: Record<string, string>; ratings: Ratings | null } & {
      clientId: string;
      submitted: boolean;
    };
    const value = s.value as string | { writing: string };
    return {
      at: typeof value === 'string' ? (value as At) : 'writing',
      step: typeof value === 'string' ? c.step : value.writing,
      answers: c.answers,
      ratings: c.ratings,
      id: c.clientId === DRAFT_CLIENT_ID ? 'draft' : 'new',
      sent: c.submitted,
    };
  };
  // The step in the context must be the one on screen: a writing key names both.
  const key = (s: AnyMachineSnapshot) =>
    keyOf(decode(s)).replace(/^(writing\.\S+) @\S+/, (_, w: string) => `${w} @${(s.context as { step: string }).step}`);

  // The event cases, each with a label (the same function feeds the graph, the can() probes and the model).
  const restoreCases = {
    none: { type: 'xstate.done.actor.restoreDraft', output: null },
    ...Object.fromEntries(
      Object.entries(drafts).map(([label, output]) => [label, { type: 'xstate.done.actor.restoreDraft', output }]),
    ),
  };
  const fieldCases = (m: Model): Record<string, CaseEvent> => {
    const change = (field: string, value: string) => ({ type: 'FIELD.CHANGE', field, value });
    if (m.at !== 'writing' || (wheel && m.step !== 'plan')) {
      const first = allFields[0]!;
      return { [`${first} filled`]: change(first, longAnswer(maxOf(first))), nickname: change('nickname', 'Лиса') };
    }
    const fields = shown(m);
    const cases: Record<string, CaseEvent> = {};
    if (table[m.step]!.needs === 'goal') {
      if (m.answers.state !== 'ease') cases['state ease'] = change('state', 'ease');
      if (m.answers.state !== 'гнев') cases['state гнев'] = change('state', 'гнев');
    } else {
      // Four plans or more: any one first, then in order (every subset would add dozens of states for no rule).
      // A written answer is not written over (a draft's nor the walk's): the rules only read filled or not.
      const open = fields.filter((f) => !isFilled(m.answers[f]!));
      const fillable = fields.length < 4 || open.length === fields.length ? open : open.slice(0, 1);
      for (const f of fillable) cases[`${f} filled`] = change(f, longAnswer(maxOf(f)));
      if (fields[0] && m.answers[fields[0]] === '') cases[`${fields[0]} blank`] = change(fields[0], BLANK);
    }
    const untouched = fields.every((f) => m.answers[f] === '');
    // A field of no step is ignored; on the wheel's plan, so is a plan for an area that is not weak.
    if (untouched) cases.nickname = change('nickname', 'Лиса');
    const strong = AREAS.find((a) => !fields.includes(a));
    if (wheel && untouched && strong) cases[`${strong} plan`] = change(strong, 'План');
    return cases;
  };
  const RATE_VALID = (m: Model): Record<string, CaseEvent> => {
    const next = AREAS.find((a) => m.ratings![a] !== 8);
    return {
      ...(next ? { [`${next} strong`]: { type: 'RATE', area: next, value: 8 } } : {}),
      ...(m.ratings!.energy === 5 ? { 'energy low': { type: 'RATE', area: 'energy', value: 2 } } : {}),
    };
  };
  // Not integers of 1–10, or no such area: ignored.
  const RATE_IGNORED: Record<string, CaseEvent> = {
    'energy zero': { type: 'RATE', area: 'energy', value: 0 },
    'focus eleven': { type: 'RATE', area: 'focus', value: 11 },
    'emotions half': { type: 'RATE', area: 'emotions', value: 6.5 },
    sleep: { type: 'RATE', area: 'sleep', value: 7 },
  };
  const rateCases = (m: Model): Record<string, CaseEvent> =>
    m.at === 'writing' && m.step === 'rate'
      ? { ...RATE_VALID(m), ...(AREAS.every((a) => m.ratings![a] === 5) ? RATE_IGNORED : {}) }
      : { 'energy strong': { type: 'RATE', area: 'energy', value: 8 } };

  // The model's steps: the event types offered in a state (as the machine's own events) and where each case leads.
  const progress = (m: Model) => ({
    step: m.step,
    answers: m.answers,
    ratings: m.ratings,
    clientId: m.id === 'draft' ? DRAFT_CLIENT_ID : NEW_ID,
    submitted: m.sent,
  });
  const save = (m: Model): Effect[] => [['saveDraft', progress(m)]];
  const enter = (m: Model, step: string) => {
    const to = { ...m, at: 'writing' as const, step };
    return { to, effects: save(to) };
  };
  const fresh = (): Model => ({
    at: 'restoring',
    step: steps[0]!,
    answers: Object.fromEntries(allFields.map((f) => [f, ''])),
    ratings: wheel ? { energy: 5, focus: 5, emotions: 5, relationships: 5 } : null,
    id: 'new',
    sent: false,
  });
  /** An edit of a draft sent to the diary is a new text: a new client id. */
  const edited = (m: Model, change: Partial<Model>): Model => ({
    ...m,
    ...change,
    ...(m.sent ? { id: 'new' as const, sent: false } : {}),
  });
  type Step = { to: Model; effects: Effect[] };
  /** A draft of `resumeOn` (never sent, never edited): walked only as far as the step «Продолжить» resumes on. */
  const resumed = (m: Model) => m.id === 'draft' && !m.sent;
  const moves = (m: Model): Record<string, Step> => {
    const out: Record<string, Step> = {};
    if (resumed(m) && m.at === 'writing') return out;
    const left = { to: { ...m, at: 'left' as const }, effects: [['leave']] as Effect[] };
    if (m.at === 'restoring') {
      out['done.actor.restoreDraft none'] = enter(m, steps[0]!);
      for (const [label, { step, answers, ratings, submitted }] of Object.entries(drafts))
        out[`done.actor.restoreDraft ${label}`] = {
          to: {
            ...m,
            step,
            answers: answers as Record<string, string>,
            ratings,
            at: 'offer',
            id: 'draft',
            sent: submitted,
          },
          effects: [],
        };
      out['error.actor.restoreDraft'] = enter(m, steps[0]!);
      out.BACK = left;
    }
    if (m.at === 'offer') {
      out.CONTINUE = enter(m, m.step);
      if (resumed(m)) return out;
      out.BACK = left;
      const restarted = enter({ ...fresh(), id: 'new' }, steps[0]!);
      out.RESTART = { to: restarted.to, effects: [['clearDraft'], ...restarted.effects] };
    }
    if (m.at !== 'writing') return out;
    const index = steps.indexOf(m.step);
    const stay = { to: m, effects: [] };
    if (!wheel || m.step === 'plan')
      for (const [label, e] of Object.entries(fieldCases(m))) {
        const field = e.field as string;
        const accepted = wheel ? weakOf(m).includes(field as Area) : allFields.includes(field);
        const value = (e.value as string).replaceAll('\u0000', '').slice(0, maxOf(field) ?? 0);
        const to = accepted ? edited(m, { answers: { ...m.answers, [field]: value } }) : m;
        out[`FIELD.CHANGE ${label}`] = accepted ? { to, effects: save(to) } : stay;
      }
    if (wheel && m.step === 'rate')
      for (const [label, e] of Object.entries(rateCases(m))) {
        if (label in RATE_IGNORED) {
          out[`RATE ${label}`] = stay;
          continue;
        }
        const to = edited(m, { ratings: { ...m.ratings!, [e.area as Area]: e.value as number } });
        out[`RATE ${label}`] = { to, effects: save(to) };
      }
    out.NEXT = !complete(m)
      ? stay
      : m.step === lastStep(m)
        ? { to: { ...m, at: 'finished' }, effects: [['finish', progress(m)]] }
        : enter(m, steps[index + 1]!);
    if (settled(m)) {
      if (index > 0) out.PREVIOUS = enter(m, steps[index - 1]!);
      out.BACK = index > 0 ? enter(m, steps[index - 1]!) : left;
      out.DISCARD = { to: { ...m, at: 'discarded' }, effects: [['clearDraft'], ['leave']] };
    }
    return out;
  };

  /** The view model of a model state, by the rules above. */
  const viewOf = (m: Model) => {
    const writing = m.at === 'writing';
    const weak = weakOf(m);
    const ratings = m.ratings;
    return {
      status: writing ? 'step' : m.at,
      step: writing ? m.step : null,
      number: writing ? steps.indexOf(m.step) + 1 : 0,
      of: wheel && weak.length === 0 ? 2 : steps.length,
      answers: m.answers,
      atRisk: false,
      fields: writing ? shown(m).map((field) => ({ field, required: required(m.step, field), max: maxOf(field) })) : [],
      canNext: writing && complete(m),
      canBack: writing && steps.indexOf(m.step) > 0,
      isLast: writing && m.step === lastStep(m),
      ratings,
      weak,
      average: ratings
        ? Math.round(((ratings.energy + ratings.focus + ratings.emotions + ratings.relationships) / 4) * 10) / 10
        : null,
      sentToDiary: m.sent,
    };
  };
  const canOf = (m: Model): Record<string, boolean> => {
    const writing = m.at === 'writing';
    const index = steps.indexOf(m.step);
    const fieldOk = (e: CaseEvent) =>
      writing &&
      (wheel ? m.step === 'plan' && weakOf(m).includes(e.field as Area) : allFields.includes(e.field as string));
    // The plain type covers a state with no case left (every field written): nothing to probe there.
    return {
      'FIELD.CHANGE': false,
      ...(wheel ? { RATE: false } : {}),
      ...Object.fromEntries(Object.entries(fieldCases(m)).map(([label, e]) => [`FIELD.CHANGE ${label}`, fieldOk(e)])),
      ...(wheel
        ? Object.fromEntries(
            Object.entries(rateCases(m)).map(([label]) => [
              `RATE ${label}`,
              writing && m.step === 'rate' && !(label in RATE_IGNORED),
            ]),
          )
        : {}),
      NEXT: writing && complete(m),
      ...(steps.length > 1 ? { PREVIOUS: writing && index > 0 } : {}),
      BACK: m.at === 'restoring' || m.at === 'offer' || writing,
      CONTINUE: m.at === 'offer',
      RESTART: m.at === 'offer',
      DISCARD: writing,
    };
  };

  // The tables: every state the model reaches from the start over the cases, and every step it takes.
  const states: Record<string, StateRow> = {};
  const transitions: Record<string, Record<string, string | TransitionRow>> = {};
  const queue = [fresh()];
  while (queue.length) {
    const m = queue.shift()!;
    const k = keyOf(m);
    if (states[k]) continue;
    const final = m.at === 'finished' || m.at === 'left' || m.at === 'discarded';
    states[k] = {
      view: viewOf(m),
      can: canOf(m),
      running: m.at === 'restoring' ? ['restoreDraft'] : [],
      ...(final ? { status: 'done' as const } : {}),
    };
    const out = moves(m);
    if (Object.keys(out).length) transitions[k] = {};
    for (const [ev, step] of Object.entries(out)) {
      transitions[k]![ev] = { to: keyOf(step.to), effects: step.effects };
      queue.push(step.to);
    }
  }

  const walked = (s: AnyMachineSnapshot, e: EventObject) => {
    const m = decode(s);
    if (resumed(m)) return m.at === 'offer' && e.type === 'CONTINUE';
    // A step with every field written (every area at 8) has no case left: the graph's bare event is not one.
    if (e.type === 'FIELD.CHANGE') return 'field' in e;
    if (e.type === 'RATE') return 'area' in e;
    return m.at !== 'writing' || !['PREVIOUS', 'BACK', 'DISCARD'].includes(e.type) || settled(m);
  };
  describeMachineTables(machine, {
    name: `machine ${machine.id}: tables`,
    view,
    input: { newClientId },
    // Client ids count from 1 again on every path.
    provide: () => {
      idCounter = 0;
      return {};
    },
    events: {
      'xstate.done.actor.restoreDraft': restoreCases,
      'FIELD.CHANGE': (s) => fieldCases(decode(s)),
      ...(wheel ? { RATE: (s: AnyMachineSnapshot) => rateCases(decode(s)) } : {}),
    },
    filterEvents: walked,
    key,
    states,
    transitions,
    counts: options.counts,
    guardSides: options.guardSides,
    maxPaths: 2000,
  });
}

/** A step machine started for a hand-written walk: the draft it restores, and what it saves and hands over. */
export async function startStepMachine<M extends AnyStateMachine>(machine: M, draft: StoredStepDraft | null = null) {
  const saved: unknown[] = [];
  const finished: unknown[] = [];
  /** The draft cleared and the session left, in order. */
  const quits: string[] = [];
  const actor = createActor(
    machine.provide({
      actors: { restoreDraft: fromPromise(async () => draft) },
      actions: {
        saveDraft: (_: unknown, p: unknown) => void saved.push(p),
        finish: (_: unknown, p: unknown) => void finished.push(p),
        clearDraft: () => void quits.push('clearDraft'),
        leave: () => void quits.push('leave'),
      },
    } as never),
    { input: { newClientId } as never },
  ).start();
  await waitFor(actor, (s) => !s.matches('restoring'));
  const write = (field: string, value: string) => actor.send({ type: 'FIELD.CHANGE', field, value } as never);
  const send = (type: 'NEXT' | 'PREVIOUS' | 'CONTINUE' | 'RESTART' | 'DISCARD') => actor.send({ type } as never);
  return { actor, saved, finished, quits, write, send };
}
