// The user's own data, in the settings: «Скачать мои данные» and «Удалить все мои данные».
//
// - Export: the server makes a short-lived link to the JSON file (POST /api/users/me/export-link); the file is then
//   opened with a tap of its own («Скачать файл»), because Telegram lets a Mini App open links and downloads only
//   in response to a tap — not at the end of a request. An unused link is dropped before it expires.
// - Erase: a sheet explains what goes and what stays, and asks for a typed word (erase-confirmation.ts); then every
//   row of the user is erased, the device forgets the user's drafts, a short goodbye shows, and the app starts again
//   from its first screen.
//   «Обо мне» is held from the moment the erase starts (`holdAbout`): a save of it after the erase would sign in
//   afresh and write the text into the new account.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { stubAction, stubActor, type ToastParams } from '../effects';
import { topState } from '../view-model';
import { confirmsErase } from './erase-confirmation';

/** A download of the export: an absolute URL valid for a few minutes, and the file's name. */
export interface ExportDownload {
  url: string;
  fileName: string;
}

export interface MyDataContext {
  download: ExportDownload | null;
  typed: string;
}

export const myDataMachine = setup({
  types: {
    context: {} as MyDataContext,
    events: {} as
      | { type: 'EXPORT' }
      | { type: 'DOWNLOAD' }
      | { type: 'ERASE.OPEN' }
      | { type: 'ERASE.TYPE'; text: string }
      | { type: 'ERASE.CONFIRM' }
      | { type: 'ERASE.CANCEL' },
  },
  actors: {
    prepareExport: stubActor<ExportDownload>(),
    eraseAll: stubActor<void>(),
  },
  actions: {
    toast: stubAction<ToastParams>(),
    /** Telegram's download (or link) for the file; in a browser, the file itself. */
    openDownload: stubAction<ExportDownload>(),
    /** The device forgets this user: drafts of the diary, the chat and «Обо мне», onboarding done. */
    forgetDevice: stubAction(),
    /** The app starts again from its first screen. */
    restartApp: stubAction(),
    /** «Обо мне» sends nothing (no pending or in-flight save) while everything is erased. */
    holdAbout: stubAction(),
    /** The erase failed: «Обо мне» saves again. */
    resumeAbout: stubAction(),
  },
  guards: {
    confirmed: ({ context }) => confirmsErase(context.typed),
  },
  delays: {
    /** The link lives 10 minutes on the server; it is dropped a minute before. */
    linkLifetime: 9 * 60_000,
    /** Long enough to read the goodbye before the app starts again from its first screen. */
    farewell: 3_000,
  },
}).createMachine({
  id: 'myData',
  description: 'Download my data; erase all my data.',
  context: { download: null, typed: '' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        EXPORT: { target: 'preparing' },
        'ERASE.OPEN': { target: 'confirming', actions: assign({ typed: '' }) },
      },
    },
    preparing: {
      description: '«Готовим файл…»',
      invoke: {
        id: 'prepareExport',
        src: 'prepareExport',
        onDone: { target: 'ready', actions: assign({ download: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'toast', params: { key: 'exportFailed' } } },
      },
    },
    ready: {
      description: '«Файл готов» with «Скачать файл».',
      on: {
        DOWNLOAD: { actions: { type: 'openDownload', params: ({ context }) => context.download! } },
        EXPORT: { target: 'preparing' },
        'ERASE.OPEN': { target: 'confirming', actions: assign({ typed: '' }) },
      },
      after: { linkLifetime: { target: 'idle' } },
      exit: assign({ download: null }),
    },
    confirming: {
      description: 'The sheet: what is erased, what stays, the word to type, «Удалить навсегда» and «Отмена».',
      on: {
        'ERASE.TYPE': { actions: assign({ typed: ({ event }) => event.text }) },
        'ERASE.CONFIRM': { guard: 'confirmed', target: 'erasing' },
        'ERASE.CANCEL': { target: 'idle' },
      },
    },
    erasing: {
      entry: 'holdAbout',
      invoke: {
        id: 'eraseAll',
        src: 'eraseAll',
        onDone: { target: 'farewell', actions: 'forgetDevice' },
        onError: { target: 'confirming', actions: ['resumeAbout', { type: 'toast', params: { key: 'eraseFailed' } }] },
      },
    },
    farewell: {
      description: 'Everything is gone: a short goodbye, then the app starts again from its first screen.',
      after: { farewell: { target: 'erased', actions: 'restartApp' } },
    },
    erased: { type: 'final' },
  },
});

export type MyDataStatus = 'idle' | 'preparing' | 'ready' | 'confirming' | 'erasing' | 'farewell' | 'erased';

export function myDataView(snapshot: SnapshotFrom<typeof myDataMachine>) {
  const status = topState<MyDataStatus>(snapshot);
  return {
    status,
    sheetOpen: status === 'confirming' || status === 'erasing',
    typed: snapshot.context.typed,
    /** The typed word is right: «Удалить навсегда» may be pressed. */
    canErase: status === 'confirming' && confirmsErase(snapshot.context.typed),
  };
}
