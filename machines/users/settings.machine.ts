// Settings (/app/profile/settings): the communication style, «вы» or «ты», the reminder time and «Обо мне».
//
// - A style, address or reminder choice shows at once and is saved; success says so ('Настройки сохранены' with the change's
//   words), failure says 'Ошибка' / 'Не удалось сохранить настройки' and puts the previous value back. Choices wait
//   while one is being saved.
// - A reminder time saved while the bot cannot write to the user (the server's `bot_can_write`: never allowed,
//   denied, or blocked) asks Telegram for that permission (`requestWriteAccess`: 'allowed' | 'denied' |
//   'unavailable', src/telegram/writeAccess.ts) and tells the server the answer (`reportBotAccess`), which sends
//   reminders only to users the bot can write to. While a time is chosen and the bot still cannot write, a hint under
//   «Напоминания» says so, with a button that asks again (WRITE_ACCESS.ASK).
// - «Обо мне» never loses a keystroke: every change is kept on the device (`storeAboutDraft`) until the server has
//   it (`clearAboutDraft`), saved after a pause in typing (`aboutPause`), and flushed when the user leaves
//   (`flushAbout` on LEAVE, which the screen sends as it goes away — by back, a tab or anything else). A failed save
//   keeps the text and says so; the next change tries again. A draft left on the device by an earlier visit (the app
//   closed mid-sentence) is saved when the settings load.
// - While everything is being erased (ABOUT.HOLD, sent by the own-data flow), «Обо мне» sends nothing — no pause, no
//   flush, and a save in flight is dropped — so the text cannot reach the server after the erase and land in the new
//   account; the device forgets the draft once the erase is done. A failed erase lets it go on (ABOUT.RESUME).
// - «на ты» newly written in «Обо мне» sets the address on the server; the save's answer shows it in the choice.
import { and, assign, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { PERSONAL_CONTEXT_MAX } from '../../contract/constants';
import type {
  AddressForm,
  CommunicationStyle,
  ReminderTime,
  Settings,
  SettingsPatch,
  SettingsReply,
} from '../../contract/settings';
import { stubAction, stubActor, type NavigateParams, type ToastParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';

/** Telegram's answer to «may the bot write to you» (or 'unavailable' outside Telegram and on old clients). */
export type WriteAccess = 'allowed' | 'denied' | 'unavailable';

export interface SettingsInput {
  /** «Обо мне» as the device kept it from an earlier visit, if the server may not have it yet. */
  aboutDraft: string | null;
}

export interface SettingsContext {
  /** What the server has. */
  saved: Settings | null;
  style: CommunicationStyle;
  address: AddressForm;
  reminder: ReminderTime;
  /** The «Обо мне» field as typed. */
  about: string;
  /** The text of the «Обо мне» save in flight. */
  sending: string | null;
  aboutDraft: string | null;
  /** The bot can write to the user, as the server last said (or as the server was just told). */
  botCanWrite: boolean;
  /** Telegram's last answer to the write-access request. */
  writeAccess: WriteAccess | null;
}

/** «Обо мне» as the server stores it: trimmed, blank → null (contract/settings.ts). */
export const storedAbout = (text: string): string | null => text.trim() || null;

/** The text is not what the server has. */
const unsaved = (context: Pick<SettingsContext, 'about' | 'saved'>) =>
  context.saved !== null && storedAbout(context.about) !== context.saved.personal_context;

/** A reminder time is chosen but the bot cannot write to the user: none would arrive. */
const unreachable = (context: Pick<SettingsContext, 'reminder' | 'botCanWrite'>) =>
  context.reminder !== 'disabled' && !context.botCanWrite;

const STYLE_DEFAULT: CommunicationStyle = 'gentle';
const ADDRESS_DEFAULT: AddressForm = 'vy';
const REMINDER_DEFAULT: ReminderTime = 'evening';

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    input: {} as SettingsInput,
    events: {} as
      | { type: 'STYLE.SELECT'; style: CommunicationStyle }
      | { type: 'ADDRESS.SELECT'; address: AddressForm }
      | { type: 'REMINDER.SELECT'; time: ReminderTime }
      | { type: 'WRITE_ACCESS.ASK' }
      | { type: 'ABOUT.CHANGE'; text: string }
      | { type: 'ABOUT.HOLD' }
      | { type: 'ABOUT.RESUME' }
      | { type: 'RETRY' }
      | { type: 'BACK' }
      | { type: 'LEAVE' },
  },
  actors: {
    loadSettings: stubActor<SettingsReply>(),
    saveSettings: stubActor<SettingsReply, SettingsPatch>(),
    requestWriteAccess: stubActor<WriteAccess>(),
    reportBotAccess: stubActor<void, { answer: WriteAccess }>(),
  },
  actions: {
    takeAbout: assign((_, { text }: { text: string }) => ({ about: text.slice(0, PERSONAL_CONTEXT_MAX) })),
    /**
     * An «Обо мне» save's answer: the text the server has, and the address — which a «на ты» new in the text sets on
     * the server — shown when it changed there.
     */
    takeAboutReply: assign(({ context }, reply: SettingsReply) => ({
      saved: { ...context.saved!, personal_context: reply.personal_context, address_form: reply.address_form },
      address: reply.address_form !== context.saved!.address_form ? reply.address_form : context.address,
    })),
    /** A style or reminder save's answer: the choices the server has, and whether the bot can write. */
    takeChoices: assign(({ context }, reply: SettingsReply) => ({
      saved: { ...context.saved!, ...pickChoices(reply) },
      botCanWrite: reply.bot_can_write,
    })),
    navigate: stubAction<NavigateParams>(),
    toast: stubAction<ToastParams>(),
    storeAboutDraft: stubAction<{ text: string }>(),
    /** Forgets the device's draft if it is still `text` (newer typing stays kept). */
    clearAboutDraft: stubAction<{ text: string }>(),
    /** Saves «Обо мне» on the way out, beyond this screen's life; clears the draft once the server has it. */
    flushAbout: stubAction<{ text: string }>(),
  },
  guards: {
    isNewStyle: ({ context }, { style }: { style: CommunicationStyle }) => style !== context.style,
    isNewAddress: ({ context }, { address }: { address: AddressForm }) => address !== context.address,
    isNewReminder: ({ context }, { time }: { time: ReminderTime }) => time !== context.reminder,
    remindersOff: (_, { time }: { time: ReminderTime }) => time === 'disabled',
    mayNotWrite: ({ context }) => !context.botCanWrite,
    /** A time is chosen, and no reminder can arrive. */
    remindersUnreachable: ({ context }) => unreachable(context),
    aboutUnsaved: ({ context }) => unsaved(context),
    /** Typing went on while the save was in flight: the field holds other text than was sent. */
    typedMeanwhile: ({ context }) => storedAbout(context.about) !== storedAbout(context.sending ?? ''),
  },
  delays: {
    /** A pause in typing long enough to save. */
    aboutPause: 1000,
  },
}).createMachine({
  id: 'settings',
  description: 'Communication style, reminders and «Обо мне», each saved on change.',
  context: ({ input }) => ({
    saved: null,
    style: STYLE_DEFAULT,
    address: ADDRESS_DEFAULT,
    reminder: REMINDER_DEFAULT,
    about: '',
    sending: null,
    aboutDraft: input.aboutDraft,
    botCanWrite: false,
    writeAccess: null,
  }),
  initial: 'loading',
  on: {
    BACK: { actions: { type: 'navigate', params: { to: paths.profile } } },
    LEAVE: {
      description: 'The screen goes away: what the server does not have yet goes now (not while erasing).',
      guard: and(['aboutUnsaved', not(stateIn({ ready: { about: 'held' } }))]),
      actions: { type: 'flushAbout', params: ({ context }) => ({ text: context.about }) },
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            saved: pickSettings(event.output),
            botCanWrite: event.output.bot_can_write,
            style: event.output.communication_style,
            address: event.output.address_form,
            reminder: event.output.reminder_time,
            // The device's draft wins: it is newer than anything the server has.
            about: (context.aboutDraft ?? event.output.personal_context ?? '').slice(0, PERSONAL_CONTEXT_MAX),
          })),
        },
        onError: { target: 'error' },
      },
    },
    error: {
      description: '«Не удалось загрузить настройки» with a retry.',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      states: {
        choices: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'STYLE.SELECT': {
                  guard: { type: 'isNewStyle', params: ({ event }) => ({ style: event.style }) },
                  target: 'savingStyle',
                  actions: assign({ style: ({ event }) => event.style }),
                },
                'ADDRESS.SELECT': {
                  guard: { type: 'isNewAddress', params: ({ event }) => ({ address: event.address }) },
                  target: 'savingAddress',
                  actions: assign({ address: ({ event }) => event.address }),
                },
                'REMINDER.SELECT': {
                  guard: { type: 'isNewReminder', params: ({ event }) => ({ time: event.time }) },
                  target: 'savingReminder',
                  actions: assign({ reminder: ({ event }) => event.time }),
                },
                'WRITE_ACCESS.ASK': {
                  description: 'The hint’s «Разрешить сообщения»: Telegram asks again.',
                  guard: 'remindersUnreachable',
                  target: 'askingWriteAccess',
                },
              },
            },
            savingStyle: {
              invoke: {
                id: 'saveStyle',
                src: 'saveSettings',
                input: ({ context }) => ({ communication_style: context.style }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'takeChoices', params: ({ event }) => event.output },
                    { type: 'toast', params: { key: 'styleUpdated' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ style: ({ context }) => context.saved!.communication_style }),
                    { type: 'toast', params: { key: 'settingsSaveFailed' } },
                  ],
                },
              },
            },
            savingAddress: {
              invoke: {
                id: 'saveAddress',
                src: 'saveSettings',
                input: ({ context }) => ({ address_form: context.address }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'takeChoices', params: ({ event }) => event.output },
                    { type: 'toast', params: { key: 'addressUpdated' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ address: ({ context }) => context.saved!.address_form }),
                    { type: 'toast', params: { key: 'settingsSaveFailed' } },
                  ],
                },
              },
            },
            savingReminder: {
              invoke: {
                id: 'saveReminder',
                src: 'saveSettings',
                input: ({ context }) => ({ reminder_time: context.reminder }),
                onDone: [
                  {
                    guard: { type: 'remindersOff', params: ({ event }) => ({ time: event.output.reminder_time }) },
                    target: 'idle',
                    actions: [
                      { type: 'takeChoices', params: ({ event }) => event.output },
                      { type: 'toast', params: { key: 'remindersOff' } },
                    ],
                  },
                  {
                    guard: 'mayNotWrite',
                    target: 'askingWriteAccess',
                    actions: [
                      { type: 'takeChoices', params: ({ event }) => event.output },
                      { type: 'toast', params: { key: 'reminderTimeUpdated' } },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'takeChoices', params: ({ event }) => event.output },
                      { type: 'toast', params: { key: 'reminderTimeUpdated' } },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ reminder: ({ context }) => context.saved!.reminder_time }),
                    { type: 'toast', params: { key: 'settingsSaveFailed' } },
                  ],
                },
              },
            },
            askingWriteAccess: {
              description: 'Telegram asks the user whether the bot may write to them (for the reminders).',
              invoke: {
                id: 'requestWriteAccess',
                src: 'requestWriteAccess',
                onDone: {
                  target: 'reportingWriteAccess',
                  actions: assign({ writeAccess: ({ event }) => event.output }),
                },
                onError: { target: 'idle', actions: assign({ writeAccess: 'unavailable' }) },
              },
            },
            reportingWriteAccess: {
              description: 'The answer goes to the server, which sends reminders only where the bot may write.',
              invoke: {
                id: 'reportBotAccess',
                src: 'reportBotAccess',
                input: ({ context }) => ({ answer: context.writeAccess! }),
                onDone: {
                  target: 'idle',
                  description: 'The server now knows what Telegram said: the bot can write only after «allowed».',
                  actions: assign({ botCanWrite: ({ context }) => context.writeAccess === 'allowed' }),
                },
                onError: {
                  target: 'idle',
                  description: 'Not told this time: the hint stays, and its button or the next time asks again.',
                },
              },
            },
          },
        },
        about: {
          initial: 'checking',
          on: {
            'ABOUT.CHANGE': {
              description: 'Every keystroke is kept on the device; typing again restarts the pause.',
              target: '.typing',
              actions: [
                { type: 'takeAbout', params: ({ event }) => ({ text: event.text }) },
                { type: 'storeAboutDraft', params: ({ event }) => ({ text: event.text }) },
              ],
            },
            'ABOUT.HOLD': {
              description: 'Everything is being erased: the pause and a save in flight are dropped.',
              target: '.held',
            },
          },
          states: {
            checking: {
              always: [{ guard: 'aboutUnsaved', target: 'typing' }, { target: 'saved' }],
            },
            saved: {},
            typing: {
              description: 'Saved after a pause in typing.',
              after: {
                aboutPause: [
                  { guard: 'aboutUnsaved', target: 'saving' },
                  {
                    description: 'Typed back to what the server has: nothing to save.',
                    target: 'saved',
                    actions: { type: 'clearAboutDraft', params: ({ context }) => ({ text: context.about }) },
                  },
                ],
              },
            },
            saving: {
              entry: assign({ sending: ({ context }) => context.about }),
              exit: assign({ sending: null }),
              on: {
                'ABOUT.CHANGE': {
                  description: 'Kept, and saved when this save answers.',
                  actions: [
                    { type: 'takeAbout', params: ({ event }) => ({ text: event.text }) },
                    { type: 'storeAboutDraft', params: ({ event }) => ({ text: event.text }) },
                  ],
                },
              },
              invoke: {
                id: 'saveAbout',
                src: 'saveSettings',
                input: ({ context }) => ({ personal_context: storedAbout(context.sending!) }),
                onDone: [
                  {
                    guard: 'typedMeanwhile',
                    target: 'typing',
                    actions: { type: 'takeAboutReply', params: ({ event }) => event.output },
                  },
                  {
                    target: 'saved',
                    actions: [
                      { type: 'takeAboutReply', params: ({ event }) => event.output },
                      { type: 'clearAboutDraft', params: ({ context }) => ({ text: context.about }) },
                      { type: 'toast', params: { key: 'aboutUpdated' } },
                    ],
                  },
                ],
                onError: { target: 'failed', actions: { type: 'toast', params: { key: 'settingsSaveFailed' } } },
              },
            },
            failed: {
              description: '«Не удалось обновить настройки» under the field; the text and its draft stay.',
            },
            held: {
              description: 'Nothing is sent while everything is erased; the text and its draft stay until it is done.',
              on: {
                'ABOUT.CHANGE': {
                  description: 'Kept, not saved.',
                  actions: [
                    { type: 'takeAbout', params: ({ event }) => ({ text: event.text }) },
                    { type: 'storeAboutDraft', params: ({ event }) => ({ text: event.text }) },
                  ],
                },
                'ABOUT.RESUME': { description: 'The erase failed: saving goes on.', target: 'checking' },
              },
            },
          },
        },
      },
    },
  },
});

/** The settings of the server's answer, without what rides along. */
function pickSettings({ communication_style, reminder_time, personal_context, address_form }: SettingsReply): Settings {
  return { communication_style, reminder_time, personal_context, address_form };
}

/** The choices of a save's answer (a style save must not overwrite «Обо мне» typed meanwhile). */
function pickChoices(settings: Settings): Pick<Settings, 'communication_style' | 'reminder_time' | 'address_form'> {
  return {
    communication_style: settings.communication_style,
    reminder_time: settings.reminder_time,
    address_form: settings.address_form,
  };
}

export type SettingsStatus = 'loading' | 'error' | 'ready';

export function settingsView(snapshot: SnapshotFrom<typeof settingsMachine>) {
  const { style, address, reminder, about, writeAccess } = snapshot.context;
  const deciding = (['savingReminder', 'askingWriteAccess', 'reportingWriteAccess'] as const).some((choices) =>
    snapshot.matches({ ready: { choices } }),
  );
  return {
    status: topState<SettingsStatus>(snapshot),
    style,
    address,
    reminder,
    about,
    /** The N of the live 'N/500' counter. */
    aboutLength: about.length,
    /** A style, address or reminder save is running: the choices wait. */
    choosing: snapshot.matches('ready') && !snapshot.matches({ ready: { choices: 'idle' } }),
    aboutSaving: snapshot.matches({ ready: { about: 'saving' } }),
    aboutFailed: snapshot.matches({ ready: { about: 'failed' } }),
    /**
     * A time is chosen but the bot cannot write to the user, so no reminder would arrive: the hint under
     * «Напоминания». Not while a reminder choice is being saved and Telegram asked: its answer decides.
     */
    remindersUnreachable: snapshot.matches('ready') && unreachable(snapshot.context) && !deciding,
    /** The hint's «Разрешить сообщения»: Telegram can be asked (it could not, the last time it was tried). */
    canAskWriteAccess: writeAccess !== 'unavailable',
  };
}
