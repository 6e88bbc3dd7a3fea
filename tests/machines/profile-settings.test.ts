// Generated paths of the settings machine (a style or reminder saved with its toast or put back on failure, the
// write-access question after a reminder time, «Обо мне» kept on the device, saved after a pause, flushed on
// leaving), with and without a draft left by an earlier visit; then the sequences a graph cannot show.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { Settings, SettingsPatch } from '../../contract/settings';
import {
  settingsMachine,
  settingsView,
  storedAbout,
  type SettingsContext,
  type SettingsInput,
  type WriteAccess,
} from '../../machines/profile/settings.machine';
import { describeMachinePaths, type PathRun } from '../support/path-tests';
import { settings } from './profile-fixtures';

/** Each effect with the context it ran in. */
const effects: Array<[string, unknown?, SettingsContext?]> = [];
const record = (name: string) => (args: { context?: SettingsContext }, params?: unknown) =>
  void effects.push([name, params, args.context]);
const lastToast = () => effects.filter(([name]) => name === 'toast').at(-1)?.[1] as { key: string } | undefined;
beforeEach(() => {
  effects.length = 0;
});
const lastEffect = () => effects.at(-1);
const provide = {
  actions: {
    toast: record('toast'),
    navigate: record('navigate'),
    storeAboutDraft: record('storeAboutDraft'),
    clearAboutDraft: record('clearAboutDraft'),
    flushAbout: record('flushAbout'),
  },
};

/** What the server answers a save of the snapshot's choices (and of the text it was sent, or one typed before). */
const answer = (s: AnyMachineSnapshot, over: Partial<Settings> = {}): Settings => ({
  ...s.context.saved,
  communication_style: s.context.style,
  reminder_time: s.context.reminder,
  ...over,
});

const events = {
  'xstate.done.actor.loadSettings': [
    { type: 'xstate.done.actor.loadSettings', output: settings() },
    { type: 'xstate.done.actor.loadSettings', output: settings({ personal_context: 'Учитель' }) },
  ],
  'STYLE.SELECT': [
    { type: 'STYLE.SELECT', style: 'direct' },
    { type: 'STYLE.SELECT', style: 'gentle' },
  ],
  'REMINDER.SELECT': [
    { type: 'REMINDER.SELECT', time: 'disabled' },
    { type: 'REMINDER.SELECT', time: 'morning' },
  ],
  'ABOUT.CHANGE': [
    { type: 'ABOUT.CHANGE', text: 'Учитель' },
    { type: 'ABOUT.CHANGE', text: '  ' },
  ],
  'xstate.done.actor.saveStyle': (s: AnyMachineSnapshot) => [
    { type: 'xstate.done.actor.saveStyle', output: answer(s) },
  ],
  'xstate.done.actor.saveReminder': (s: AnyMachineSnapshot) => [
    { type: 'xstate.done.actor.saveReminder', output: answer(s) },
  ],
  'xstate.done.actor.saveAbout': (s: AnyMachineSnapshot) => [
    {
      type: 'xstate.done.actor.saveAbout',
      output: answer(s, { personal_context: storedAbout(s.context.sending ?? '') }),
    },
  ],
  'xstate.done.actor.requestWriteAccess': [
    { type: 'xstate.done.actor.requestWriteAccess', output: 'allowed' satisfies WriteAccess },
    { type: 'xstate.done.actor.requestWriteAccess', output: 'denied' satisfies WriteAccess },
  ],
  'xstate.done.actor.reportBotAccess': [{ type: 'xstate.done.actor.reportBotAccess' }],
  'xstate.error.actor.reportBotAccess': [{ type: 'xstate.error.actor.reportBotAccess', error: new Error('offline') }],
};

const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.style,
    s.context.reminder,
    s.context.about,
    s.context.saved?.personal_context ?? null,
    s.context.botMayWrite,
  ]);

const lastInvocation = (run: PathRun, id: string) => run.invocations.filter((i) => i.id === id).at(-1);

const assert = {
  loading: (s: AnyMachineSnapshot, run: PathRun) => {
    expect(run.invocations.at(-1)).toMatchObject({ id: 'loadSettings' });
    expect(settingsView(s as never).status).toBe('loading');
  },
  error: (s: AnyMachineSnapshot) => {
    expect(settingsView(s as never).status).toBe('error');
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  ready: (s: AnyMachineSnapshot) => {
    const view = settingsView(s as never);
    expect(view).toMatchObject({
      status: 'ready',
      style: s.context.style,
      reminder: s.context.reminder,
      about: s.context.about,
      aboutLength: s.context.about.length,
    });
    expect(view.choosing).toBe(!s.matches({ ready: { choices: 'idle' } }));
    // Every flush on leaving sent what the field held then, and only when the server did not have it.
    for (const [name, params, context] of effects) {
      if (name === 'flushAbout') {
        expect(params).toEqual({ text: context!.about });
        expect(storedAbout(context!.about)).not.toBe(context!.saved!.personal_context);
      }
      if (name === 'navigate') expect(params).toEqual({ to: '/app/profile' });
    }
  },
  'ready.choices.idle': (s: AnyMachineSnapshot) => {
    const key = lastToast()?.key;
    if (!key || key === 'aboutUpdated') return;
    const { saved, style, reminder } = s.context;
    // A failed save puts the previous value back; a saved one is what the server has.
    expect(style).toBe(saved.communication_style);
    expect(reminder).toBe(saved.reminder_time);
    if (key === 'remindersOff') expect(reminder).toBe('disabled');
    if (key === 'reminderTimeUpdated') {
      expect(reminder).not.toBe('disabled');
      // Either the bot may write, or Telegram has been asked and answered.
      expect(s.context.botMayWrite || s.context.writeAccess !== null).toBe(true);
      if (s.context.writeAccess) expect(s.context.botMayWrite).toBe(s.context.writeAccess === 'allowed');
    }
    expect(['styleUpdated', 'remindersOff', 'reminderTimeUpdated', 'settingsSaveFailed']).toContain(key);
  },
  'ready.choices.savingStyle': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(lastInvocation(run, 'saveStyle')?.input).toEqual({ communication_style: s.context.style });
    expect(s.context.style).not.toBe(s.context.saved.communication_style); // shown at once
    expect(s.can({ type: 'STYLE.SELECT', style: 'humorous' })).toBe(false); // choices wait
  },
  'ready.choices.savingReminder': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(lastInvocation(run, 'saveReminder')?.input).toEqual({ reminder_time: s.context.reminder });
  },
  'ready.choices.askingWriteAccess': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(run.invocations.at(-1)).toMatchObject({ id: 'requestWriteAccess' });
    expect(s.context.reminder).not.toBe('disabled');
    expect(s.context.botMayWrite).toBe(false);
    expect(lastToast()).toEqual({ key: 'reminderTimeUpdated' });
  },
  'ready.choices.reportingWriteAccess': (s: AnyMachineSnapshot, run: PathRun) => {
    // Telegram's answer, as it was given, goes to the server; the choices wait meanwhile.
    expect(['allowed', 'denied']).toContain(s.context.writeAccess);
    expect(run.invocations.at(-1)).toEqual(
      expect.objectContaining({ id: 'reportBotAccess', input: { answer: s.context.writeAccess } }),
    );
    expect(s.context.botMayWrite).toBe(s.context.writeAccess === 'allowed');
    expect(settingsView(s as never).choosing).toBe(true);
  },
  'ready.about.saved': (s: AnyMachineSnapshot) => {
    expect(storedAbout(s.context.about)).toBe(s.context.saved.personal_context);
    const [name, params] = lastEffect() ?? [];
    if (name === 'toast' && (params as { key: string }).key === 'aboutUpdated')
      expect(effects.at(-2)?.slice(0, 2)).toEqual(['clearAboutDraft', { text: s.context.about }]);
  },
  'ready.about.typing': (s: AnyMachineSnapshot) => {
    const [name, params] = lastEffect() ?? [];
    if (name === 'storeAboutDraft') expect(params).toEqual({ text: s.context.about });
    expect(settingsView(s as never).aboutSaving).toBe(false);
  },
  'ready.about.saving': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(settingsView(s as never).aboutSaving).toBe(true);
    expect(lastInvocation(run, 'saveAbout')?.input).toEqual({ personal_context: storedAbout(s.context.sending) });
  },
  'ready.about.failed': (s: AnyMachineSnapshot) => {
    expect(settingsView(s as never).aboutFailed).toBe(true);
    expect(s.context.sending).toBeNull();
    expect(lastToast()).toEqual({ key: 'settingsSaveFailed' });
  },
};

// The two regions are independent (parallel states), so each is walked with the other's events left out: together
// they would multiply into thousands of states without a transition the separate walks do not take.
const choiceEvents = new Set(['STYLE.SELECT', 'REMINDER.SELECT']);
const onlyChoices = (_: AnyMachineSnapshot, e: { type: string }) => e.type !== 'ABOUT.CHANGE';
const onlyAbout = (_: AnyMachineSnapshot, e: { type: string }) => !choiceEvents.has(e.type);
/** `checking` is left at once (an always transition): no snapshot ever shows it. */
const transient = '#settings.ready.about.checking';
const aboutStates = [
  transient,
  '#settings.ready.about.typing',
  '#settings.ready.about.saving',
  '#settings.ready.about.failed',
];
const choiceStates = [
  transient,
  '#settings.ready.choices.savingStyle',
  '#settings.ready.choices.savingReminder',
  '#settings.ready.choices.askingWriteAccess',
  '#settings.ready.choices.reportingWriteAccess',
];

const walks: Array<[string, SettingsInput, typeof onlyChoices, string[]]> = [
  ['choices: the bot may not write yet', { aboutDraft: null, botMayWrite: false }, onlyChoices, aboutStates],
  [
    'choices: the bot may already write',
    { aboutDraft: null, botMayWrite: true },
    onlyChoices,
    [...aboutStates, '#settings.ready.choices.askingWriteAccess', '#settings.ready.choices.reportingWriteAccess'],
  ],
  ['«Обо мне»: nothing on the device', { aboutDraft: null, botMayWrite: false }, onlyAbout, choiceStates],
  [
    '«Обо мне»: a draft left by an earlier visit',
    { aboutDraft: 'Учитель', botMayWrite: false },
    onlyAbout,
    choiceStates,
  ],
];

for (const [title, input, filterEvents, unreachable] of walks) {
  describe(title, () => {
    describeMachinePaths(settingsMachine, {
      input,
      provide,
      events,
      serializeState,
      filterEvents,
      paths: 'shortest',
      assert,
      unreachable,
    });
  });
}

describe('settings sequences', () => {
  function start(
    input: SettingsInput,
    saveSettings = async ({ input }: { input: SettingsPatch }) => ({ ...settings(), ...input }) as Settings,
  ) {
    const clock = new SimulatedClock();
    const actor = createActor(
      settingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings({ personal_context: 'Старое' })),
          saveSettings: fromPromise(saveSettings),
          requestWriteAccess: fromPromise<WriteAccess, void>(async () => 'allowed'),
          reportBotAccess: fromPromise<void, { answer: WriteAccess }>(async () => undefined),
        },
        actions: provide.actions,
      }),
      { input, clock },
    ).start();
    return { actor, clock };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('typing restarts the pause: one save, 1 s after the last keystroke, with the whole text', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: null, botMayWrite: true }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as Settings;
    });
    await settle();
    for (const text of ['Я', 'Я у', 'Я учу детей']) {
      actor.send({ type: 'ABOUT.CHANGE', text });
      clock.increment(900);
    }
    expect(saves).toEqual([]);
    clock.increment(100);
    await settle();
    expect(saves).toEqual([{ personal_context: 'Я учу детей' }]);
    expect(effects.filter(([n]) => n === 'storeAboutDraft').map(([, p]) => p)).toEqual([
      { text: 'Я' },
      { text: 'Я у' },
      { text: 'Я учу детей' },
    ]);
    expect(effects.slice(-2).map((e) => e.slice(0, 2))).toEqual([
      ['clearAboutDraft', { text: 'Я учу детей' }],
      ['toast', { key: 'aboutUpdated' }],
    ]);
  });

  it('leaving before the pause flushes the text once; leaving with nothing unsaved flushes nothing', async () => {
    const { actor } = start({ aboutDraft: null, botMayWrite: true });
    await settle();
    actor.send({ type: 'LEAVE' });
    expect(effects.filter(([n]) => n === 'flushAbout')).toEqual([]);
    actor.send({ type: 'ABOUT.CHANGE', text: 'Недописанное' });
    actor.send({ type: 'LEAVE' });
    expect(effects.filter(([n]) => n === 'flushAbout').map((e) => e.slice(0, 2))).toEqual([
      ['flushAbout', { text: 'Недописанное' }],
    ]);
  });

  it('a draft from an earlier visit replaces the server’s text and is saved after the pause', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: 'Новое с телефона', botMayWrite: true }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as Settings;
    });
    await settle();
    expect(actor.getSnapshot().context.about).toBe('Новое с телефона');
    clock.increment(1000);
    await settle();
    expect(saves).toEqual([{ personal_context: 'Новое с телефона' }]);
  });

  it('«Обо мне» is cut at 500 characters', async () => {
    const { actor } = start({ aboutDraft: null, botMayWrite: true });
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'я'.repeat(600) });
    expect(settingsView(actor.getSnapshot()).aboutLength).toBe(500);
  });

  it('once Telegram allowed the bot to write, a later reminder time does not ask again', async () => {
    const { actor } = start({ aboutDraft: null, botMayWrite: false });
    await settle();
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ writeAccess: 'allowed', botMayWrite: true });
    actor.send({ type: 'REMINDER.SELECT', time: 'afternoon' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: { choices: 'idle' } })).toBe(true);
  });
});
