// Generated paths of the settings machine (a style or reminder saved with its toast or put back on failure, the
// write-access question after a reminder time or from the hint shown while the bot cannot write, «Обо мне» kept on
// the device, saved after a pause, flushed on leaving), with and without a draft left by an earlier visit; then the
// sequences a graph cannot show.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { SettingsPatch, SettingsReply } from '../../contract/settings';
import {
  settingsMachine,
  settingsView,
  storedAbout,
  type SettingsContext,
  type SettingsInput,
  type WriteAccess,
} from '../../machines/users/settings.machine';
import { describeMachinePaths, type PathRun } from '../support/path-tests';
import { settings } from './users-fixtures';

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
const answer = (s: AnyMachineSnapshot, over: Partial<SettingsReply> = {}): SettingsReply => ({
  ...s.context.saved,
  communication_style: s.context.style,
  address_form: s.context.address,
  reminder_time: s.context.reminder,
  bot_can_write: s.context.botCanWrite,
  ...over,
});

/** The events, with the server saying whether the bot can write to the user. */
const eventsWhen = (botCanWrite: boolean) => ({
  'xstate.done.actor.loadSettings': [
    { type: 'xstate.done.actor.loadSettings', output: settings({ bot_can_write: botCanWrite }) },
    {
      type: 'xstate.done.actor.loadSettings',
      output: settings({ personal_context: 'Учитель', bot_can_write: botCanWrite }),
    },
  ],
  'STYLE.SELECT': [
    { type: 'STYLE.SELECT', style: 'direct' },
    { type: 'STYLE.SELECT', style: 'gentle' },
  ],
  'ADDRESS.SELECT': [{ type: 'ADDRESS.SELECT', address: 'ty' }],
  'REMINDER.SELECT': [
    { type: 'REMINDER.SELECT', time: 'disabled' },
    { type: 'REMINDER.SELECT', time: 'morning' },
  ],
  'ABOUT.CHANGE': [
    { type: 'ABOUT.CHANGE', text: 'Учитель' },
    { type: 'ABOUT.CHANGE', text: '  ' },
  ],
  'ABOUT.HOLD': [{ type: 'ABOUT.HOLD' }],
  'ABOUT.RESUME': [{ type: 'ABOUT.RESUME' }],
  'xstate.done.actor.saveStyle': (s: AnyMachineSnapshot) => [
    { type: 'xstate.done.actor.saveStyle', output: answer(s) },
  ],
  'xstate.done.actor.saveAddress': (s: AnyMachineSnapshot) => [
    { type: 'xstate.done.actor.saveAddress', output: answer(s) },
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
});

const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.style,
    s.context.address,
    s.context.reminder,
    s.context.about,
    s.context.saved?.personal_context ?? null,
    s.context.botCanWrite,
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
      address: s.context.address,
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
    const { saved, style, reminder, address } = s.context;
    // A failed save puts the previous value back; a saved one is what the server has.
    expect(style).toBe(saved.communication_style);
    expect(reminder).toBe(saved.reminder_time);
    expect(address).toBe(saved.address_form);
    if (key === 'remindersOff') expect(reminder).toBe('disabled');
    if (key === 'reminderTimeUpdated') {
      expect(reminder).not.toBe('disabled');
      // Either the bot can write, or Telegram has been asked and answered.
      expect(s.context.botCanWrite || s.context.writeAccess !== null).toBe(true);
    }
    expect(['styleUpdated', 'addressUpdated', 'remindersOff', 'reminderTimeUpdated', 'settingsSaveFailed']).toContain(
      key,
    );
  },
  'ready.choices': (s: AnyMachineSnapshot) => {
    const view = settingsView(s as never);
    // Only «allowed», once the server has it, means the bot can write (or the server said so itself).
    if (s.context.botCanWrite && s.context.writeAccess !== null) expect(s.context.writeAccess).toBe('allowed');
    // The hint: a time chosen and no way for it to arrive, except while a reminder choice is being decided.
    const deciding = ['savingReminder', 'askingWriteAccess', 'reportingWriteAccess'].some((c) =>
      s.matches({ ready: { choices: c } }),
    );
    expect(view.remindersUnreachable).toBe(s.context.reminder !== 'disabled' && !s.context.botCanWrite && !deciding);
    expect(view.canAskWriteAccess).toBe(s.context.writeAccess !== 'unavailable');
    expect(s.can({ type: 'WRITE_ACCESS.ASK' })).toBe(
      s.matches({ ready: { choices: 'idle' } }) && view.remindersUnreachable,
    );
  },
  'ready.choices.savingStyle': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(lastInvocation(run, 'saveStyle')?.input).toEqual({ communication_style: s.context.style });
    expect(s.context.style).not.toBe(s.context.saved.communication_style); // shown at once
    expect(s.can({ type: 'STYLE.SELECT', style: 'humorous' })).toBe(false); // choices wait
  },
  'ready.choices.savingAddress': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(lastInvocation(run, 'saveAddress')?.input).toEqual({ address_form: 'ty' });
    expect(settingsView(s as never)).toMatchObject({ address: 'ty', choosing: true }); // shown at once
    expect(s.can({ type: 'ADDRESS.SELECT', address: 'vy' })).toBe(false); // choices wait
  },
  'ready.choices.savingReminder': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(lastInvocation(run, 'saveReminder')?.input).toEqual({ reminder_time: s.context.reminder });
  },
  'ready.choices.askingWriteAccess': (s: AnyMachineSnapshot, run: PathRun) => {
    expect(run.invocations.at(-1)).toMatchObject({ id: 'requestWriteAccess' });
    expect(s.context.botCanWrite).toBe(false);
    expect(s.context.reminder).not.toBe('disabled');
    // After a reminder time is saved, or from the hint's button.
    const fromHint = run.events.some((e) => e.type === 'WRITE_ACCESS.ASK');
    expect(fromHint || lastToast()?.key === 'reminderTimeUpdated').toBe(true);
  },
  'ready.choices.reportingWriteAccess': (s: AnyMachineSnapshot, run: PathRun) => {
    // Telegram's answer, as it was given, goes to the server; the choices wait meanwhile.
    expect(run.invocations.at(-1)).toEqual(
      expect.objectContaining({ id: 'reportBotAccess', input: { answer: s.context.writeAccess } }),
    );
    expect(s.context.botCanWrite).toBe(false); // not before the server knows
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
  'ready.about.held': (s: AnyMachineSnapshot) => {
    // Erasing: no save runs, none waits for a pause, and leaving flushes nothing (the sequences below follow it).
    expect(s.context.sending).toBeNull();
    expect(settingsView(s as never).aboutSaving).toBe(false);
    expect(s.can({ type: 'LEAVE' })).toBe(false);
  },
  'ready.about.failed': (s: AnyMachineSnapshot) => {
    expect(settingsView(s as never).aboutFailed).toBe(true);
    expect(s.context.sending).toBeNull();
    expect(lastToast()).toEqual({ key: 'settingsSaveFailed' });
  },
};

// The two regions are independent (parallel states), so each is walked with the other's events left out: together
// they would multiply into thousands of states without a transition the separate walks do not take.
const choiceEvents = new Set(['STYLE.SELECT', 'ADDRESS.SELECT', 'REMINDER.SELECT', 'WRITE_ACCESS.ASK']);
const onlyChoices = (_: AnyMachineSnapshot, e: { type: string }) =>
  !e.type.startsWith('ABOUT.') && e.type !== 'ADDRESS.SELECT';
/** The address choice walked on its own: beside the others it would only multiply their paths. */
const onlyAddress = (_: AnyMachineSnapshot, e: { type: string }) =>
  !e.type.startsWith('ABOUT.') && (e.type === 'ADDRESS.SELECT' || !choiceEvents.has(e.type));
const onlyAbout = (_: AnyMachineSnapshot, e: { type: string }) => !choiceEvents.has(e.type);
/** `checking` is left at once (an always transition): no snapshot ever shows it. */
const transient = '#settings.ready.about.checking';
const aboutStates = [
  transient,
  '#settings.ready.about.typing',
  '#settings.ready.about.saving',
  '#settings.ready.about.failed',
  '#settings.ready.about.held',
];
const choiceStates = [
  transient,
  '#settings.ready.choices.savingStyle',
  '#settings.ready.choices.savingAddress',
  '#settings.ready.choices.savingReminder',
  '#settings.ready.choices.askingWriteAccess',
  '#settings.ready.choices.reportingWriteAccess',
];

const walks: Array<[string, SettingsInput, boolean, typeof onlyChoices, string[]]> = [
  [
    'choices: the bot cannot write yet',
    { aboutDraft: null },
    false,
    onlyChoices,
    [...aboutStates, '#settings.ready.choices.savingAddress'],
  ],
  [
    'choices: the bot can already write',
    { aboutDraft: null },
    true,
    onlyChoices,
    [
      ...aboutStates,
      '#settings.ready.choices.savingAddress',
      '#settings.ready.choices.askingWriteAccess',
      '#settings.ready.choices.reportingWriteAccess',
    ],
  ],
  [
    'choices: «вы» or «ты»',
    { aboutDraft: null },
    false,
    onlyAddress,
    [
      ...aboutStates,
      '#settings.ready.choices.savingStyle',
      '#settings.ready.choices.savingReminder',
      '#settings.ready.choices.askingWriteAccess',
      '#settings.ready.choices.reportingWriteAccess',
    ],
  ],
  ['«Обо мне»: nothing on the device', { aboutDraft: null }, false, onlyAbout, choiceStates],
  ['«Обо мне»: a draft left by an earlier visit', { aboutDraft: 'Учитель' }, false, onlyAbout, choiceStates],
];

for (const [title, input, botCanWrite, filterEvents, unreachable] of walks) {
  describe(title, () => {
    describeMachinePaths(settingsMachine, {
      input,
      provide,
      events: eventsWhen(botCanWrite),
      serializeState,
      filterEvents,
      paths: 'shortest',
      assert,
      unreachable,
    });
  });
}

describe('settings sequences', () => {
  it('«на ты» newly written in «Обо мне»: the server sets the address, and the choice shows «ты»', async () => {
    const { actor, clock } = start({ aboutDraft: null }, async ({ input }) => ({
      ...settings(),
      ...input,
      // What the server does with a «на ты» new in the text (server/users/settings.ts, tested there).
      address_form: input.personal_context?.includes('на ты') ? 'ty' : 'vy',
    }));
    await settle();
    expect(settingsView(actor.getSnapshot()).address).toBe('vy');
    actor.send({ type: 'ABOUT.CHANGE', text: 'Учитель. Давай на ты' });
    clock.increment(1000);
    await settle();
    expect(settingsView(actor.getSnapshot()).address).toBe('ty');
    expect(actor.getSnapshot().context.saved?.address_form).toBe('ty');
  });

  /** A fake server that remembers whether it was told the bot may write. */
  function start(
    input: SettingsInput,
    saveSettings?: (args: { input: SettingsPatch }) => Promise<SettingsReply>,
    { botCanWrite = false, access = 'allowed' as WriteAccess | (() => WriteAccess), reportFails = false } = {},
  ) {
    const server = { botCanWrite, asked: 0 };
    const clock = new SimulatedClock();
    const actor = createActor(
      settingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async () =>
            settings({ personal_context: 'Старое', bot_can_write: server.botCanWrite }),
          ),
          saveSettings: fromPromise(
            saveSettings ??
              (async ({ input }) => ({ ...settings(), ...input, bot_can_write: server.botCanWrite }) as SettingsReply),
          ),
          requestWriteAccess: fromPromise<WriteAccess, void>(async () => {
            server.asked++;
            return typeof access === 'function' ? access() : access;
          }),
          reportBotAccess: fromPromise<void, { answer: WriteAccess }>(async ({ input }) => {
            if (reportFails) throw new Error('offline');
            if (input.answer !== 'unavailable') server.botCanWrite = input.answer === 'allowed';
          }),
        },
        actions: provide.actions,
      }),
      { input, clock },
    ).start();
    return { actor, clock, server };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('typing restarts the pause: one save, 1 s after the last keystroke, with the whole text', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: null }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as SettingsReply;
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
    const { actor } = start({ aboutDraft: null });
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
    const { actor, clock } = start({ aboutDraft: 'Новое с телефона' }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as SettingsReply;
    });
    await settle();
    expect(actor.getSnapshot().context.about).toBe('Новое с телефона');
    clock.increment(1000);
    await settle();
    expect(saves).toEqual([{ personal_context: 'Новое с телефона' }]);
  });

  it('erasing holds «Обо мне»: the pending save never fires, leaving flushes nothing; a failed erase lets it go on', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: null }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as SettingsReply;
    });
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'Секрет' });
    actor.send({ type: 'ABOUT.HOLD' });
    clock.increment(5000);
    actor.send({ type: 'ABOUT.CHANGE', text: 'Секрет!' }); // kept on the device, not sent
    actor.send({ type: 'LEAVE' });
    await settle();
    expect(saves).toEqual([]);
    expect(effects.map(([name]) => name)).not.toContain('flushAbout');
    actor.send({ type: 'ABOUT.RESUME' });
    clock.increment(1000);
    await settle();
    expect(saves).toEqual([{ personal_context: 'Секрет!' }]);
  });

  it('a save in flight when the erase starts is dropped: its request aborted, its answer ignored', async () => {
    let signal: AbortSignal | undefined;
    const never = new Promise<SettingsReply>(() => {});
    const clock = new SimulatedClock();
    const actor = createActor(
      settingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings()),
          saveSettings: fromPromise<SettingsReply, SettingsPatch>(async ({ signal: s }) => {
            signal = s;
            return never;
          }),
        },
        actions: provide.actions,
      }),
      { input: { aboutDraft: null }, clock },
    ).start();
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'Секрет' });
    clock.increment(1000);
    await settle();
    expect(settingsView(actor.getSnapshot()).aboutSaving).toBe(true);
    expect(signal?.aborted).toBe(false);
    actor.send({ type: 'ABOUT.HOLD' });
    expect(signal?.aborted).toBe(true);
    expect(actor.getSnapshot().matches({ ready: { about: 'held' } })).toBe(true);
  });

  it('«Обо мне» is cut at 500 characters', async () => {
    const { actor } = start({ aboutDraft: null });
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'я'.repeat(600) });
    expect(settingsView(actor.getSnapshot()).aboutLength).toBe(500);
  });

  it('once Telegram allowed the bot to write, a later reminder time does not ask again', async () => {
    const { actor } = start({ aboutDraft: null });
    await settle();
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ writeAccess: 'allowed', botCanWrite: true });
    actor.send({ type: 'REMINDER.SELECT', time: 'afternoon' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: { choices: 'idle' } })).toBe(true);
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false);
  });

  it('denied: the time is saved, and the hint says the bot cannot write, with a button that asks again', async () => {
    let answer: WriteAccess = 'denied';
    const { actor, server } = start({ aboutDraft: null }, undefined, { access: () => answer });
    await settle();
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(true); // evening, and no permission
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false); // Telegram's answer decides
    await settle();
    await settle();
    expect(lastToast()).toEqual({ key: 'reminderTimeUpdated' });
    expect(settingsView(actor.getSnapshot())).toMatchObject({ remindersUnreachable: true, canAskWriteAccess: true });
    answer = 'allowed';
    actor.send({ type: 'WRITE_ACCESS.ASK' });
    await settle();
    await settle();
    expect(server).toEqual({ botCanWrite: true, asked: 2 });
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false);
    expect(actor.getSnapshot().can({ type: 'WRITE_ACCESS.ASK' })).toBe(false);
  });

  it('Telegram cannot ask (unavailable): the hint stays, without a button that could do nothing', async () => {
    const { actor } = start({ aboutDraft: null }, undefined, { access: 'unavailable' });
    await settle();
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    await settle();
    await settle();
    expect(settingsView(actor.getSnapshot())).toMatchObject({ remindersUnreachable: true, canAskWriteAccess: false });
  });

  it('a blocked bot (the server knows) shows the hint at once; reminders off hide it', async () => {
    const { actor } = start({ aboutDraft: null });
    await settle();
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(true);
    actor.send({ type: 'REMINDER.SELECT', time: 'disabled' });
    await settle();
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false);
  });

  it('allowed, but the server could not be told: the hint stays, so it can be asked again', async () => {
    const { actor } = start({ aboutDraft: null }, undefined, { reportFails: true });
    await settle();
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ writeAccess: 'allowed', botCanWrite: false });
    expect(settingsView(actor.getSnapshot())).toMatchObject({ remindersUnreachable: true, canAskWriteAccess: true });
  });
});
