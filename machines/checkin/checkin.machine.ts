// Home's mood check-in: one tap on a mood saves it as today's (free on every plan, changeable all day); an optional
// short note is written in the card and saved with «Записать». Two regions side by side: the mood (a tap saves at
// once; a tap during a save is saved right after it, so the last tap wins) and the note (closed / open / saving).
// Both write the same row, so never at once: a note is saved with the mood as stored (not while a tap is on its
// way), and a tap during a note's save (a moment) is not taken.
// A failed save says so and keeps what was typed; the mood shown goes back to the one stored. Each save tells home
// (`checkedIn`), so the streak and the week's chart follow.
import { and, assign, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { CheckIn, CheckInBody, CheckInToday } from '../../contract/checkin';
import { CHECK_IN_NOTE_MAX } from '../../contract/constants';
import type { Mood } from '../../contract/mood';
import { stubAction, stubActor, type HapticParams, type ToastParams } from '../effects';

export interface CheckInContext {
  /** The day as the server said (null until loaded, or when loading failed). */
  today: CheckInToday | null;
  /** What the server holds for today. */
  saved: CheckIn | null;
  /** The mood shown: the last tap, saved or on its way. */
  mood: Mood | null;
  /** The note being written. */
  note: string;
}

export type CheckInEvent =
  | { type: 'MOOD.SELECT'; mood: Mood }
  | { type: 'NOTE.OPEN' }
  | { type: 'NOTE.CHANGE'; value: string }
  | { type: 'NOTE.SAVE' }
  | { type: 'NOTE.CANCEL' };

export const checkInMachine = setup({
  types: {
    context: {} as CheckInContext,
    events: {} as CheckInEvent,
  },
  actors: {
    loadToday: stubActor<CheckInToday>(),
    saveCheckIn: stubActor<CheckIn, CheckInBody>(),
  },
  actions: {
    toast: stubAction<ToastParams>(),
    haptic: stubAction<HapticParams>(),
    /** Home fetches its week again: the streak and the chart include this check-in. */
    checkedIn: stubAction<{ checkIn: CheckIn }>(),
  },
  guards: {
    isOtherMood: ({ context }, { mood }: { mood: Mood }) => context.mood !== mood,
    hasMood: ({ context }) => context.mood !== null,
    /** A mood was tapped while today's check-in was loading, and it is not the one stored. */
    tappedMeanwhile: ({ context }, { stored }: { stored: CheckIn | null }) =>
      context.mood !== null && context.mood !== stored?.mood,
    /** Another mood was tapped while the last one was being saved. */
    movedOn: ({ context }, { saved }: { saved: CheckIn }) => context.mood !== saved.mood,
  },
}).createMachine({
  id: 'checkIn',
  description: 'The mood card on home: one tap is today’s check-in; a short note if wanted.',
  context: { today: null, saved: null, mood: null, note: '' },
  initial: 'loading',
  states: {
    loading: {
      description: 'Today’s check-in, if any. A mood tapped meanwhile is saved once it is known.',
      invoke: {
        id: 'loadToday',
        src: 'loadToday',
        onDone: [
          {
            guard: { type: 'tappedMeanwhile', params: ({ event }) => ({ stored: event.output.check_in }) },
            target: '#checkIn.ready.mood.saving',
            actions: assign({ today: ({ event }) => event.output, saved: ({ event }) => event.output.check_in }),
          },
          {
            target: 'ready',
            actions: assign({
              today: ({ event }) => event.output,
              saved: ({ event }) => event.output.check_in,
              mood: ({ event }) => event.output.check_in?.mood ?? null,
            }),
          },
        ],
        onError: [
          { guard: 'hasMood', target: '#checkIn.ready.mood.saving', description: 'Unknown today: the tap is saved.' },
          { target: 'ready' },
        ],
      },
      on: {
        'MOOD.SELECT': { actions: assign({ mood: ({ event }) => event.mood }) },
      },
    },
    ready: {
      type: 'parallel',
      states: {
        mood: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'MOOD.SELECT': [
                  {
                    description:
                      'A note is being saved with the mood as stored: the tap is not taken (one write at a time).',
                    guard: stateIn('#checkIn.ready.note.saving'),
                  },
                  {
                    guard: { type: 'isOtherMood', params: ({ event }) => ({ mood: event.mood }) },
                    target: 'saving',
                    actions: assign({ mood: ({ event }) => event.mood }),
                  },
                ],
              },
            },
            saving: {
              invoke: {
                id: 'saveMood',
                src: 'saveCheckIn',
                input: ({ context }) => ({ mood: context.mood! }),
                onDone: [
                  {
                    guard: { type: 'movedOn', params: ({ event }) => ({ saved: event.output }) },
                    target: 'saving',
                    reenter: true,
                    actions: assign({ saved: ({ event }) => event.output }),
                  },
                  {
                    target: 'idle',
                    actions: [
                      assign({ saved: ({ event }) => event.output }),
                      { type: 'haptic', params: { kind: 'success' } },
                      { type: 'checkedIn', params: ({ event }) => ({ checkIn: event.output }) },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ mood: ({ context }) => context.saved?.mood ?? null }),
                    { type: 'toast', params: { key: 'checkInFailed' } },
                  ],
                },
              },
              on: {
                'MOOD.SELECT': {
                  description: 'Saved right after the save running now.',
                  actions: assign({ mood: ({ event }) => event.mood }),
                },
              },
            },
          },
        },
        note: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'NOTE.OPEN': {
                  guard: 'hasMood',
                  target: 'open',
                  actions: assign({ note: ({ context }) => context.saved?.note ?? '' }),
                },
              },
            },
            open: {
              description: 'The note field, «Сохранить» and «Отмена».',
              on: {
                'NOTE.CHANGE': { actions: assign({ note: ({ event }) => event.value.slice(0, CHECK_IN_NOTE_MAX) }) },
                'NOTE.SAVE': {
                  description: 'With the mood as stored: not while a tap is being saved (one write at a time).',
                  guard: and(['hasMood', stateIn('#checkIn.ready.mood.idle')]),
                  target: 'saving',
                },
                'NOTE.CANCEL': { target: 'closed' },
              },
            },
            saving: {
              invoke: {
                id: 'saveNote',
                src: 'saveCheckIn',
                input: ({ context }) => ({ mood: context.mood!, note: context.note }),
                onDone: {
                  target: 'closed',
                  actions: [
                    assign({ saved: ({ event }) => event.output }),
                    { type: 'toast', params: { key: 'noteSaved' } },
                    { type: 'checkedIn', params: ({ event }) => ({ checkIn: event.output }) },
                  ],
                },
                onError: {
                  target: 'open',
                  description: 'Everything typed stays in the field.',
                  actions: { type: 'toast', params: { key: 'noteFailed' } },
                },
              },
            },
          },
        },
      },
    },
  },
});

type CheckInSnapshot = SnapshotFrom<typeof checkInMachine>;

export function checkInView(snapshot: CheckInSnapshot) {
  const { today, saved, mood, note } = snapshot.context;
  // Whether the note signals a risk is ./checkin-risk.ts (the detector stays off home's first load).
  const savingMood = snapshot.matches({ ready: { mood: 'saving' } }) || (snapshot.matches('loading') && mood !== null);
  const noteOpen = snapshot.matches({ ready: { note: 'open' } }) || snapshot.matches({ ready: { note: 'saving' } });
  return {
    /** The mood shown as chosen. */
    mood,
    /** Today's check-in is stored with the mood shown («Настроение отмечено»). */
    marked: mood !== null && saved?.mood === mood && !savingMood,
    savingMood,
    savedNote: saved?.note ?? null,
    noteOpen,
    noteSaving: snapshot.matches({ ready: { note: 'saving' } }),
    note,
    canAddNote: snapshot.can({ type: 'NOTE.OPEN' }),
    canSaveNote: snapshot.can({ type: 'NOTE.SAVE' }),
    /** The plan has the diary: «Написать в дневник» beside the check-in (START never sees it: no paywall here). */
    diaryAvailable: today?.diary_available === true,
  };
}
