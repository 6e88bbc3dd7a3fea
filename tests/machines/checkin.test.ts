// Home's check-in: generated paths with what must hold in each state (what was saved with which input, which
// effects ran after which event, what the card shows), and the sequences a graph cannot tell: a tap while today's
// check-in loads, the last tap of several winning, a failed save putting the stored mood back, a failed note keeping
// its text.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import type { CheckIn, CheckInBody, CheckInToday } from '../../contract/checkin';
import { checkInMachine, checkInView } from '../../machines/checkin/checkin.machine';
import { checkInRiskView } from '../../machines/checkin/checkin-risk';
import { describeMachinePaths } from '../support/path-tests';

const day = '2030-01-16';
const stored = (mood: CheckIn['mood'], note: string | null = null): CheckIn => ({
  day,
  mood,
  note,
  updated_at: '2030-01-16T07:00:00.000Z',
});
const EMPTY: CheckInToday = { day, check_in: null, diary_available: false };
const PRO_WITH_BAD: CheckInToday = { day, check_in: stored('bad', 'Устала'), diary_available: true };

const effects: Array<[string, unknown]> = [];
beforeEach(() => {
  effects.length = 0;
});

/** The output of the newest done event of `id` in the path, or undefined. */
const lastOutput = (events: EventObject[], id: string) =>
  (events.filter((e) => e.type === `xstate.done.actor.${id}`).at(-1) as { output?: unknown } | undefined)?.output;

type Step = EventObject & { output?: CheckIn };
/**
 * The effects each event must cause, exactly (any event not named: none). Each row counts its uses, and every row
 * must have been used by some generated path (afterAll), so none is an assertion that never ran.
 */
const EFFECTS_AFTER: Record<string, (s: ReturnType<typeof checkInMachine.getInitialSnapshot>, e: Step) => unknown[]> = {
  // Saved: a success haptic and home refreshes — unless a newer tap is being saved now (then nothing yet).
  'xstate.done.actor.saveMood': (s, e) =>
    s.matches({ ready: { mood: 'saving' } })
      ? []
      : [
          ['haptic', { kind: 'success' }],
          ['checkedIn', { checkIn: e.output }],
        ],
  'xstate.error.actor.saveMood': () => [['toast', { key: 'checkInFailed' }]],
  'xstate.done.actor.saveNote': (_, e) => [
    ['toast', { key: 'noteSaved' }],
    ['checkedIn', { checkIn: e.output }],
  ],
  'xstate.error.actor.saveNote': () => [['toast', { key: 'noteFailed' }]],
};
const used = new Map<string, number>();
afterAll(() => {
  for (const row of Object.keys(EFFECTS_AFTER)) expect(used.get(row), row).toBeGreaterThan(0);
});

/** Every step: exactly the effects its event must cause, and nothing else since the step before. */
function drainEffects(s: ReturnType<typeof checkInMachine.getInitialSnapshot>, events: EventObject[]) {
  const last = events.at(-1) as Step | undefined;
  const row = last ? EFFECTS_AFTER[last.type] : undefined;
  if (row && last) used.set(last.type, (used.get(last.type) ?? 0) + 1);
  expect(effects.splice(0)).toEqual(row && last ? row(s, last) : []);
}

describeMachinePaths(checkInMachine, {
  provide: () => ({
    actions: {
      toast: (_: unknown, p: unknown) => void effects.push(['toast', p]),
      haptic: (_: unknown, p: unknown) => void effects.push(['haptic', p]),
      checkedIn: (_: unknown, p: unknown) => void effects.push(['checkedIn', p]),
    },
  }),
  events: {
    'xstate.done.actor.loadToday': [
      { type: 'xstate.done.actor.loadToday', output: EMPTY },
      { type: 'xstate.done.actor.loadToday', output: PRO_WITH_BAD },
    ],
    // With the stored «bad» of PRO_WITH_BAD, a tap on «good» is another mood and «bad» the same one.
    'MOOD.SELECT': [{ type: 'MOOD.SELECT', mood: 'good' }],
    // What the server answers: the mood as it was sent (the input), or — a tap having moved on — the earlier one.
    'xstate.done.actor.saveMood': (s) => [
      { type: 'xstate.done.actor.saveMood', output: stored(s.context.mood!, s.context.saved?.note ?? null) },
      {
        type: 'xstate.done.actor.saveMood',
        output: stored(s.context.mood === 'good' ? 'bad' : 'good', s.context.saved?.note ?? null),
      },
    ],
    // Longer than the contract's 200: the field keeps the first 200.
    'NOTE.CHANGE': [{ type: 'NOTE.CHANGE', value: 'я'.repeat(250) }],
    'xstate.done.actor.saveNote': (s) => [
      { type: 'xstate.done.actor.saveNote', output: stored(s.context.mood!, s.context.note.trim() || null) },
    ],
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.mood,
      s.context.saved?.mood ?? null,
      Boolean(s.context.saved?.note),
      s.context.today?.diary_available ?? null,
    ]),
  paths: 'shortest',
  assert: {
    loading: (s, run) => {
      drainEffects(s, run.events);
      expect(run.invocations.map((i) => i.id)).toEqual(['loadToday']);
      // A tap while loading shows at once, as being saved.
      expect(checkInView(s)).toEqual({
        mood: s.context.mood,
        marked: false,
        savingMood: s.context.mood !== null,
        savedNote: null,
        noteOpen: false,
        noteSaving: false,
        note: '',
        canAddNote: false,
        canSaveNote: false,
        diaryAvailable: false,
      });
      expect(s.can({ type: 'MOOD.SELECT', mood: 'good' })).toBe(true);
      expect(s.can({ type: 'NOTE.OPEN' })).toBe(false);
      expect(s.can({ type: 'NOTE.SAVE' })).toBe(false);
    },
    ready: (s, run) => {
      drainEffects(s, run.events);
      // «Написать в дневник» only when the day said the plan has the diary.
      expect(checkInView(s).diaryAvailable).toBe(lastOutput(run.events, 'loadToday') === PRO_WITH_BAD);
      expect(checkInView(s).savedNote).toBe(s.context.saved?.note ?? null);
    },
    'ready.mood.saving': (s, run) => {
      // The save sends the mood shown — the newest tap — and never a note (the day's note stays as it is).
      const save = run.invocations.filter((i) => i.id === 'saveMood').at(-1);
      expect(save).toEqual({ id: 'saveMood', src: 'saveCheckIn', input: { mood: s.context.mood } });
      expect(checkInView(s)).toMatchObject({ savingMood: true, marked: false });
      expect(s.can({ type: 'MOOD.SELECT', mood: 'good' })).toBe(true);
    },
    'ready.mood.idle': (s) => {
      // Shown is what the server holds: after a save its answer, after a failure the stored one (or none).
      expect(s.context.mood).toBe(s.context.saved?.mood ?? null);
      expect(checkInView(s)).toMatchObject({ savingMood: false, marked: s.context.saved !== null });
      // Tapping the mood already saved sends nothing; nor does a tap while a note is being saved.
      const noteSaving = s.matches({ ready: { note: 'saving' } });
      expect(s.can({ type: 'MOOD.SELECT', mood: 'good' })).toBe(s.context.mood !== 'good' && !noteSaving);
      expect(s.can({ type: 'MOOD.SELECT', mood: 'bad' })).toBe(s.context.mood !== 'bad' && !noteSaving);
    },
    'ready.note.closed': (s) => {
      expect(checkInView(s)).toMatchObject({ noteOpen: false, canAddNote: s.context.mood !== null });
      expect(s.can({ type: 'NOTE.SAVE' })).toBe(false);
      expect(s.can({ type: 'NOTE.CHANGE', value: 'x' })).toBe(false);
    },
    'ready.note.open': (s, run) => {
      expect(checkInView(s)).toMatchObject({ noteOpen: true, noteSaving: false, note: s.context.note });
      expect(s.context.note.length).toBeLessThanOrEqual(200); // cut at the contract's limit
      // Opened, the field holds the day's stored note; typed text is kept through a failed save.
      const typed = run.events.filter((e) => e.type === 'NOTE.CHANGE' || e.type === 'NOTE.OPEN').at(-1) as
        { type: string; value?: string } | undefined;
      expect(s.context.note).toBe(
        typed?.type === 'NOTE.CHANGE' ? typed.value!.slice(0, 200) : (s.context.saved?.note ?? ''),
      );
      // Saved with the mood as stored: not while a tap is on its way, nor after a first tap failed (no mood).
      expect(s.can({ type: 'NOTE.SAVE' })).toBe(s.context.mood !== null && s.matches({ ready: { mood: 'idle' } }));
      expect(s.can({ type: 'NOTE.CANCEL' })).toBe(true);
      expect(s.can({ type: 'NOTE.OPEN' })).toBe(false);
    },
    'ready.note.saving': (s, run) => {
      expect(run.invocations.filter((i) => i.id === 'saveNote').at(-1)).toEqual({
        id: 'saveNote',
        src: 'saveCheckIn',
        input: { mood: s.context.mood, note: s.context.note } satisfies CheckInBody,
      });
      expect(checkInView(s)).toMatchObject({ noteOpen: true, noteSaving: true, canSaveNote: false });
      expect(s.can({ type: 'NOTE.CANCEL' })).toBe(false);
      // A tap is not taken during the note's save (it carries the mood).
      expect(s.can({ type: 'MOOD.SELECT', mood: 'good' })).toBe(false);
      expect(s.can({ type: 'MOOD.SELECT', mood: 'very_bad' })).toBe(false);
    },
  },
});

describe('check-in sequences', () => {
  function start(load: () => Promise<CheckInToday>, save: (body: CheckInBody) => Promise<CheckIn>) {
    const calls: CheckInBody[] = [];
    const done: Array<[string, unknown]> = [];
    const actor = createActor(
      checkInMachine.provide({
        actors: {
          loadToday: fromPromise(load),
          saveCheckIn: fromPromise(({ input }: { input: CheckInBody }) => (calls.push(input), save(input))),
        },
        actions: {
          toast: (_, p) => void done.push(['toast', p]),
          checkedIn: (_, p) => void done.push(['checkedIn', p]),
        },
      }),
    ).start();
    return { actor, calls, done };
  }
  const echo = async (body: CheckInBody) => stored(body.mood, body.note ?? null);

  it('a tap while today loads is saved once today is known; the same mood as stored is not sent again', async () => {
    let answer!: (t: CheckInToday) => void;
    const first = start(() => new Promise((r) => (answer = r)), echo);
    first.actor.send({ type: 'MOOD.SELECT', mood: 'good' });
    expect(checkInView(first.actor.getSnapshot())).toMatchObject({ mood: 'good', savingMood: true });
    answer(EMPTY);
    await waitFor(first.actor, (s) => s.matches({ ready: { mood: 'idle' } }));
    expect(first.calls).toEqual([{ mood: 'good' }]);
    expect(checkInView(first.actor.getSnapshot())).toMatchObject({ mood: 'good', marked: true });

    const second = start(async () => PRO_WITH_BAD, echo);
    await waitFor(second.actor, (s) => s.matches('ready'));
    second.actor.send({ type: 'MOOD.SELECT', mood: 'bad' });
    expect(second.calls).toEqual([]);
    expect(checkInView(second.actor.getSnapshot())).toMatchObject({ mood: 'bad', marked: true, savedNote: 'Устала' });
  });

  it('three quick taps: the last one is what stays saved', async () => {
    const pending: Array<() => void> = [];
    const { actor, calls } = start(
      async () => EMPTY,
      (body) => new Promise<CheckIn>((r) => void pending.push(() => r(stored(body.mood)))),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'MOOD.SELECT', mood: 'bad' });
    actor.send({ type: 'MOOD.SELECT', mood: 'neutral' });
    actor.send({ type: 'MOOD.SELECT', mood: 'good' });
    pending.shift()!();
    await waitFor(actor, () => pending.length === 1);
    pending.shift()!();
    await waitFor(actor, (s) => s.matches({ ready: { mood: 'idle' } }));
    expect(calls).toEqual([{ mood: 'bad' }, { mood: 'good' }]);
    expect(actor.getSnapshot().context.saved?.mood).toBe('good');
  });

  it('a failed tap puts back the stored mood and says so; a failed note keeps its text in the field', async () => {
    let fail = true;
    const { actor, done } = start(
      async () => PRO_WITH_BAD,
      async (body) => {
        if (fail) throw new Error('offline');
        return echo(body);
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'MOOD.SELECT', mood: 'very_good' });
    await waitFor(actor, (s) => s.matches({ ready: { mood: 'idle' } }));
    expect(checkInView(actor.getSnapshot())).toMatchObject({ mood: 'bad', marked: true });
    expect(done).toEqual([['toast', { key: 'checkInFailed' }]]);

    actor.send({ type: 'NOTE.OPEN' });
    expect(actor.getSnapshot().context.note).toBe('Устала');
    actor.send({ type: 'NOTE.CHANGE', value: 'Устала, но прогулка помогла' });
    actor.send({ type: 'NOTE.SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: { note: 'open' } }));
    expect(checkInView(actor.getSnapshot())).toMatchObject({ noteOpen: true, note: 'Устала, но прогулка помогла' });
    fail = false;
    actor.send({ type: 'NOTE.SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: { note: 'closed' } }));
    expect(checkInView(actor.getSnapshot()).savedNote).toBe('Устала, но прогулка помогла');
    expect(done.at(-2)).toEqual(['toast', { key: 'noteSaved' }]);
  });

  it('the crisis lines show beside a note in words of suicide, only while it is open', async () => {
    const { actor } = start(async () => PRO_WITH_BAD, echo);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(checkInRiskView(actor.getSnapshot())).toEqual({ atRisk: false });
    actor.send({ type: 'NOTE.OPEN' });
    actor.send({ type: 'NOTE.CHANGE', value: 'Не хочу больше жить' });
    expect(checkInRiskView(actor.getSnapshot())).toEqual({ atRisk: true });
    actor.send({ type: 'NOTE.CHANGE', value: 'Хочу больше гулять' });
    expect(checkInRiskView(actor.getSnapshot())).toEqual({ atRisk: false });
  });
});
