// The settings page (/app/profile/settings): the settings flow and the own-data flow, run together as this machine's
// children so the screen binds one flow, renders one view model and sends every event here.
//
// The one rule between them lives here: while everything is being erased, «Обо мне» sends nothing. A confirmation
// the own-data flow will take (its snapshot `can` take it) first holds «Обо мне» (ABOUT.HOLD to the settings flow,
// which drops a save in flight), and only then reaches the own-data flow, which asks the server to erase. A failed
// erase lets «Обо мне» go on: the own-data flow's resumeAbout tells this machine (sendParent), which passes
// ABOUT.RESUME on. Every other event goes to the child that knows it; the children's latest snapshots are kept in
// the context, so the page's view changes with theirs.
import { assign, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate';
import { myDataMachine, myDataView } from '../privacy/my-data.machine';
import { settingsMachine, settingsView, type SettingsInput } from './settings.machine';

type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;
type MyDataSnapshot = SnapshotFrom<typeof myDataMachine>;

export interface SettingsPageContext {
  /** What the settings flow starts with (the device's «Обо мне» draft). */
  settingsInput: SettingsInput;
  /** The children's latest snapshots (null until each first changes: the view reads its initial one then). */
  settings: SettingsSnapshot | null;
  myData: MyDataSnapshot | null;
}

export const settingsPageMachine = setup({
  types: {
    context: {} as SettingsPageContext,
    input: {} as SettingsInput,
    events: {} as
      | { type: 'STYLE.SELECT'; style: SettingsSnapshot['context']['style'] }
      | { type: 'ADDRESS.SELECT'; address: SettingsSnapshot['context']['address'] }
      | { type: 'REMINDER.SELECT'; time: SettingsSnapshot['context']['reminder'] }
      | { type: 'WRITE_ACCESS.ASK' }
      | { type: 'ABOUT.CHANGE'; text: string }
      | { type: 'RETRY' }
      | { type: 'BACK' }
      | { type: 'LEAVE' }
      | { type: 'EXPORT' }
      | { type: 'DOWNLOAD' }
      | { type: 'ERASE.OPEN' }
      | { type: 'ERASE.TYPE'; text: string }
      | { type: 'ERASE.CONFIRM' }
      | { type: 'ERASE.CANCEL' }
      | { type: 'ABOUT.RESUME' },
  },
  actors: {
    settings: settingsMachine,
    myData: myDataMachine.provide({
      actions: {
        // Held by this machine before the erase is asked for (ERASE.CONFIRM below), not after the child moved on.
        holdAbout: () => {},
        resumeAbout: sendParent({ type: 'ABOUT.RESUME' }),
      },
    }),
  },
  actions: {
    toSettings: sendTo('settings', ({ event }) => event),
    toMyData: sendTo('myData', ({ event }) => event),
    holdAbout: sendTo('settings', { type: 'ABOUT.HOLD' }),
  },
  guards: {
    /** The own-data flow will start erasing on this confirmation (the typed word is right). */
    eraseStarts: ({ context }) => context.myData?.can({ type: 'ERASE.CONFIRM' }) === true,
  },
}).createMachine({
  id: 'settingsPage',
  description: 'The settings flow and the own-data flow; «Обо мне» is held while everything is erased.',
  context: ({ input }) => ({ settingsInput: input, settings: null, myData: null }),
  invoke: [
    {
      id: 'settings',
      src: 'settings',
      input: ({ context }) => context.settingsInput,
      onSnapshot: { actions: assign({ settings: ({ event }) => event.snapshot }) },
    },
    {
      id: 'myData',
      src: 'myData',
      onSnapshot: { actions: assign({ myData: ({ event }) => event.snapshot }) },
    },
  ],
  on: {
    'STYLE.SELECT': { actions: 'toSettings' },
    'ADDRESS.SELECT': { actions: 'toSettings' },
    'REMINDER.SELECT': { actions: 'toSettings' },
    'WRITE_ACCESS.ASK': { actions: 'toSettings' },
    'ABOUT.CHANGE': { actions: 'toSettings' },
    RETRY: { actions: 'toSettings' },
    BACK: { actions: 'toSettings' },
    LEAVE: { actions: 'toSettings' },
    EXPORT: { actions: 'toMyData' },
    DOWNLOAD: { actions: 'toMyData' },
    'ERASE.OPEN': { actions: 'toMyData' },
    'ERASE.TYPE': { actions: 'toMyData' },
    'ERASE.CONFIRM': [{ guard: 'eraseStarts', actions: ['holdAbout', 'toMyData'] }, { actions: 'toMyData' }],
    'ERASE.CANCEL': { actions: 'toMyData' },
    'ABOUT.RESUME': { description: 'The erase failed (own data).', actions: 'toSettings' },
  },
});

/** The settings' view with the own data's beside it (`data…` fields), flat so the screen compares field by field. */
export function settingsPageView(snapshot: SnapshotFrom<typeof settingsPageMachine>) {
  const settings = snapshot.context.settings ?? (snapshot.children.settings!.getSnapshot() as SettingsSnapshot);
  const myData = snapshot.context.myData ?? (snapshot.children.myData!.getSnapshot() as MyDataSnapshot);
  const data = myDataView(myData);
  return {
    ...settingsView(settings),
    dataStatus: data.status,
    eraseSheetOpen: data.sheetOpen,
    eraseTyped: data.typed,
    canErase: data.canErase,
  };
}
