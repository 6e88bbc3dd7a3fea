// Home's check-in: two tables built from a model of the card (what is saved with which input, which effects run
// after which event, what the card shows), and the sequences a graph cannot tell: a tap while today's
// check-in loads, the last tap of several winning, a failed save putting the stored mood back, a failed note keeping
// its text.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { CheckIn, CheckInBody, CheckInToday } from '../../contract/checkin';
import { checkInMachine, checkInView, type CheckInContext } from '../../machines/checkin/checkin.machine';
import { checkInRiskView } from '../../machines/checkin/checkin-risk';
import { describeMachineTables, type Effect, type StateRow, type TransitionRow } from '../support/machine-tables';
import type { Invocation } from '../support/path-tests';

const day = '2030-01-16';
const stored = (mood: CheckIn['mood'], note: string | null = null): CheckIn => ({
  day,
  mood,
  note,
  updated_at: '2030-01-16T07:00:00.000Z',
});
const EMPTY: CheckInToday = { day, check_in: null, diary_available: false };
const PRO_WITH_BAD: CheckInToday = { day, check_in: stored('bad', 'Устала'), diary_available: true };

// The card as two tables, built from a model of its rules written here: a tap while today loads is saved once today
// is known (unless it is the mood stored); a tap saves at once, the last tap winning (the server's answer for an
// earlier one saves again); a failed save puts the stored mood back and says so; the note opens with the day's note,
// is cut at 200, is saved with the mood as stored (not while a tap is on its way), keeps its text through a failure;
// a tap is not taken while the note is saved. Each save tells home (checkedIn) and a saved mood buzzes.
const NOTE_TYPED = 'я'.repeat(250);
const NOTE_KEPT = 'я'.repeat(200);
const TODAYS = { empty: EMPTY, pro: PRO_WITH_BAD } as const;
type Mood = CheckIn['mood'];
interface Card {
  at: 'loading' | 'ready';
  mood: 'idle' | 'saving';
  noteAt: 'closed' | 'open' | 'saving';
  today: keyof typeof TODAYS | null;
  saved: CheckIn | null;
  shown: Mood | null;
  note: string;
}
const code = (note: string | null) =>
  note === null ? '-' : note === '' ? 'empty' : note === NOTE_KEPT ? '200' : note === 'Устала' ? 'Устала' : `?${note}`;
const cardKey = (c: Card) =>
  [
    c.at === 'loading' ? 'loading' : `ready ${c.mood} ${c.noteAt}`,
    `today=${c.today ?? '-'}`,
    `saved=${c.saved ? `${c.saved.mood}/${code(c.saved.note)}` : '-'}`,
    `shown=${c.shown ?? '-'}`,
    `note=${code(c.note)}`,
  ].join(' ');
const decodeCard = (s: AnyMachineSnapshot): Card => {
  const c = s.context as CheckInContext;
  const value = s.value as string | { ready: { mood: Card['mood']; note: Card['noteAt'] } };
  const today = c.today === null ? null : c.today === EMPTY ? 'empty' : c.today === PRO_WITH_BAD ? 'pro' : null;
  return {
    at: typeof value === 'string' ? 'loading' : 'ready',
    mood: typeof value === 'string' ? 'idle' : value.ready.mood,
    noteAt: typeof value === 'string' ? 'closed' : value.ready.note,
    today,
    saved: c.saved,
    shown: c.mood,
    note: c.note,
  };
};
/** What the server answers a mood's save: the mood as sent, or (a tap having moved on) the earlier one. */
const moodAnswers = (c: Card) => ({
  'as sent': stored(c.shown!, c.saved?.note ?? null),
  'moved on': stored(c.shown === 'good' ? 'bad' : 'good', c.saved?.note ?? null),
});
const noteAnswer = (c: Card) => stored(c.shown!, c.note.trim() || null);
type Move = { to: Card; effects?: Effect[]; invokes?: Invocation[] };
const saveMood = (mood: Mood): Invocation[] => [{ id: 'saveMood', src: 'saveCheckIn', input: { mood } }];
function cardMoves(c: Card): Record<string, Move> {
  const out: Record<string, Move> = {};
  const ready = { ...c, at: 'ready' as const };
  if (c.at === 'loading' && c.shown === 'bad') {
    // The mood the day turns out to have stored, tapped while it loads: shown as marked, not sent again.
    out['done.actor.loadToday pro'] = { to: { ...ready, today: 'pro', saved: PRO_WITH_BAD.check_in } };
    return out;
  }
  if (c.at === 'loading') {
    out['MOOD.SELECT good'] = { to: { ...c, shown: 'good' } };
    if (c.shown === null) out['MOOD.SELECT bad'] = { to: { ...c, shown: 'bad' } };
    for (const [label, today] of Object.entries(TODAYS) as Array<[keyof typeof TODAYS, CheckInToday]>) {
      const storedMood = today.check_in?.mood ?? null;
      const base = { ...ready, today: label, saved: today.check_in };
      out[`done.actor.loadToday ${label}`] =
        c.shown !== null && c.shown !== storedMood
          ? { to: { ...base, mood: 'saving' }, invokes: saveMood(c.shown) }
          : { to: { ...base, shown: storedMood } };
    }
    out['error.actor.loadToday'] =
      c.shown !== null ? { to: { ...ready, mood: 'saving' }, invokes: saveMood(c.shown) } : { to: ready };
    return out;
  }
  // The mood region.
  if (c.mood === 'idle')
    out['MOOD.SELECT good'] =
      c.noteAt === 'saving' || c.shown === 'good'
        ? { to: c }
        : { to: { ...c, mood: 'saving', shown: 'good' }, invokes: saveMood('good') };
  else {
    out['MOOD.SELECT good'] = { to: { ...c, shown: 'good' } };
    const answers = moodAnswers(c);
    out['done.actor.saveMood as sent'] = {
      to: { ...c, mood: 'idle', saved: answers['as sent'] },
      effects: [
        ['haptic', { kind: 'success' }],
        ['checkedIn', { checkIn: answers['as sent'] }],
      ],
    };
    out['done.actor.saveMood moved on'] = { to: { ...c, saved: answers['moved on'] }, invokes: saveMood(c.shown!) };
    out['error.actor.saveMood'] = {
      to: { ...c, mood: 'idle', shown: c.saved?.mood ?? null },
      effects: [['toast', { key: 'checkInFailed' }]],
    };
  }
  // The note region.
  if (c.noteAt === 'closed')
    out['NOTE.OPEN'] = { to: c.shown === null ? c : { ...c, noteAt: 'open', note: c.saved?.note ?? '' } };
  if (c.noteAt === 'open') {
    // Typed once: typing the same again repeats the edge.
    if (c.note !== NOTE_KEPT) out['NOTE.CHANGE long'] = { to: { ...c, note: NOTE_KEPT } };
    out['NOTE.SAVE'] =
      c.shown !== null && c.mood === 'idle'
        ? {
            to: { ...c, noteAt: 'saving' },
            invokes: [{ id: 'saveNote', src: 'saveCheckIn', input: { mood: c.shown, note: c.note } }],
          }
        : { to: c };
    out['NOTE.CANCEL'] = { to: { ...c, noteAt: 'closed' } };
  }
  if (c.noteAt === 'saving') {
    const answer = noteAnswer(c);
    out['done.actor.saveNote'] = {
      to: { ...c, noteAt: 'closed', saved: answer },
      effects: [
        ['toast', { key: 'noteSaved' }],
        ['checkedIn', { checkIn: answer }],
      ],
    };
    out['error.actor.saveNote'] = { to: { ...c, noteAt: 'open' }, effects: [['toast', { key: 'noteFailed' }]] };
  }
  return out;
}
const cardCan = (c: Card) => {
  const ready = c.at === 'ready';
  const open = ready && c.noteAt === 'open';
  return {
    'MOOD.SELECT good': !ready || c.mood === 'saving' || (c.noteAt !== 'saving' && c.shown !== 'good'),
    'MOOD.SELECT bad': !ready || c.mood === 'saving' || (c.noteAt !== 'saving' && c.shown !== 'bad'),
    'NOTE.OPEN': ready && c.noteAt === 'closed' && c.shown !== null,
    'NOTE.CHANGE long': open,
    'NOTE.SAVE': open && c.shown !== null && c.mood === 'idle',
    'NOTE.CANCEL': open,
  };
};
const cardView = (c: Card) => {
  const can = cardCan(c);
  const savingMood = c.mood === 'saving' || (c.at === 'loading' && c.shown !== null);
  return {
    mood: c.shown,
    marked: c.shown !== null && c.saved?.mood === c.shown && !savingMood,
    savingMood,
    savedNote: c.saved?.note ?? null,
    noteOpen: c.noteAt !== 'closed',
    noteSaving: c.noteAt === 'saving',
    note: c.note,
    canAddNote: can['NOTE.OPEN'],
    canSaveNote: can['NOTE.SAVE'],
    // «Написать в дневник» only when the day said the plan has the diary.
    diaryAvailable: c.today === 'pro',
  };
};
const cardStates: Record<string, StateRow> = {};
const cardTransitions: Record<string, Record<string, string | TransitionRow>> = {};
const start: Card = { at: 'loading', mood: 'idle', noteAt: 'closed', today: null, saved: null, shown: null, note: '' };
for (const queue = [start]; queue.length;) {
  const c = queue.shift()!;
  const k = cardKey(c);
  if (cardStates[k]) continue;
  const running = [
    ...(c.at === 'loading' ? ['loadToday'] : []),
    ...(c.at === 'ready' && c.mood === 'saving' ? ['saveMood'] : []),
    ...(c.noteAt === 'saving' ? ['saveNote'] : []),
  ];
  cardStates[k] = { view: cardView(c), can: cardCan(c), running };
  cardTransitions[k] = {};
  for (const [ev, move] of Object.entries(cardMoves(c))) {
    cardTransitions[k][ev] = {
      to: cardKey(move.to),
      effects: move.effects ?? [],
      ...(move.invokes ? { invokes: move.invokes } : {}),
    };
    queue.push(move.to);
  }
}
describeMachineTables(checkInMachine, {
  view: checkInView,
  events: {
    'xstate.done.actor.loadToday': Object.fromEntries(
      Object.entries(TODAYS).map(([label, output]) => [label, { type: 'xstate.done.actor.loadToday', output }]),
    ),
    'MOOD.SELECT': {
      good: { type: 'MOOD.SELECT', mood: 'good' },
      bad: { type: 'MOOD.SELECT', mood: 'bad' },
    },
    'xstate.done.actor.saveMood': (s) =>
      Object.fromEntries(
        Object.entries(moodAnswers(decodeCard(s))).map(([label, output]) => [
          label,
          { type: 'xstate.done.actor.saveMood', output },
        ]),
      ),
    // Longer than the contract's 200: the field keeps the first 200.
    'NOTE.CHANGE': { long: { type: 'NOTE.CHANGE', value: NOTE_TYPED } },
    'xstate.done.actor.saveNote': (s) => ({
      '': { type: 'xstate.done.actor.saveNote', output: noteAnswer(decodeCard(s)) },
    }),
  },
  // «bad» is tapped only while loading, first, and then only the pro day (its stored mood) is walked.
  filterEvents: (s, e) => {
    const c = decodeCard(s);
    if (c.shown === 'bad' && c.at === 'loading')
      return e.type === 'xstate.done.actor.loadToday' && (e as { output?: unknown }).output === PRO_WITH_BAD;
    if (e.type === 'MOOD.SELECT' && (e as { mood?: unknown }).mood === 'bad')
      return c.at === 'loading' && c.shown === null;
    return e.type !== 'NOTE.CHANGE' || c.note !== NOTE_KEPT;
  },
  key: (s) => cardKey(decodeCard(s)),
  states: cardStates,
  transitions: cardTransitions,
  counts: { paths: 246, transitions: 339 },
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

  it('the lines stay while such a note is being saved, and go with the note closed or cancelled', async () => {
    let saved!: () => void;
    const { actor } = start(
      async () => PRO_WITH_BAD,
      (body) => new Promise((resolve) => (saved = () => resolve(stored(body.mood, body.note ?? null)))),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'NOTE.OPEN' });
    actor.send({ type: 'NOTE.CHANGE', value: 'Не хочу больше жить' });
    actor.send({ type: 'NOTE.SAVE' });
    expect(actor.getSnapshot().matches({ ready: { note: 'saving' } })).toBe(true);
    expect(checkInRiskView(actor.getSnapshot())).toEqual({ atRisk: true });
    saved();
    await waitFor(actor, (s) => s.matches({ ready: { note: 'closed' } }));
    expect(checkInRiskView(actor.getSnapshot())).toEqual({ atRisk: false });
    actor.send({ type: 'NOTE.OPEN' });
    actor.send({ type: 'NOTE.CHANGE', value: 'Не хочу больше жить' });
    actor.send({ type: 'NOTE.CANCEL' });
    expect(checkInRiskView(actor.getSnapshot())).toEqual({ atRisk: false });
  });
});
