// The settings page's machine: the settings flow and the own-data flow as its children. Events reach the child that
// knows them, the page's view follows both, and «Обо мне» is held before the erase is asked for — a save in flight is
// aborted first — and goes on when the erase fails. The children are the real machines with fake effects.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine } from 'xstate';
import type { SettingsPatch, SettingsReply } from '../../contract/settings';
import type { ExportDownload } from '../../machines/privacy/my-data.machine';
import { settingsPageMachine, settingsPageView } from '../../machines/users/settings-page.machine';
import { settings } from './users-fixtures';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A child as the page's machine runs it (the own-data flow with its «Обо мне» wiring), to give it fake effects. */
const child = (name: 'settings' | 'myData') => settingsPageMachine.implementations.actors[name] as AnyStateMachine;

/** The page with the children's effects faked; `log` says in which order the server calls began and ended. */
function page(o: { eraseFails?: boolean } = {}) {
  const log: string[] = [];
  let finishSave: (reply: SettingsReply) => void = () => {};
  const machine = settingsPageMachine.provide({
    actors: {
      settings: child('settings').provide({
        actors: {
          loadSettings: fromPromise(async () => settings()),
          saveSettings: fromPromise<SettingsReply, SettingsPatch>(
            ({ input, signal }) =>
              new Promise((resolve) => {
                log.push(`save ${JSON.stringify(input)}`);
                signal.addEventListener('abort', () => log.push('save aborted'));
                finishSave = (reply) => resolve(reply);
              }),
          ),
        },
        actions: { toast: () => {}, storeAboutDraft: () => {}, clearAboutDraft: () => {}, flushAbout: () => {} },
      }),
      myData: child('myData').provide({
        actors: {
          prepareExport: fromPromise<ExportDownload>(async () => ({ url: 'https://x/e', fileName: 'my-data.json' })),
          eraseAll: fromPromise<void>(async () => {
            log.push('erase');
            if (o.eraseFails) throw new Error('offline');
          }),
        },
        actions: { toast: () => {}, openDownload: () => {}, forgetDevice: () => {}, restartApp: () => {} },
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { aboutDraft: null }, clock }).start();
  const aboutRegion = () => {
    const child = actor.getSnapshot().children.settings!.getSnapshot() as { value: { ready?: { about?: string } } };
    return child.value.ready?.about;
  };
  return {
    actor,
    log,
    clock,
    view: () => settingsPageView(actor.getSnapshot()),
    aboutRegion,
    finishSave: (r: SettingsReply) => finishSave(r),
  };
}

describe('settings page', () => {
  it('shows both flows in one view, and each event reaches the flow that knows it', async () => {
    const p = page();
    expect(p.view()).toMatchObject({ status: 'loading', dataStatus: 'idle', eraseSheetOpen: false });
    await flush();
    expect(p.view()).toMatchObject({ status: 'ready', style: 'gentle', dataStatus: 'idle' });

    p.actor.send({ type: 'ERASE.OPEN' });
    expect(p.view()).toMatchObject({ status: 'ready', dataStatus: 'confirming', eraseSheetOpen: true, eraseTyped: '' });
    p.actor.send({ type: 'ERASE.TYPE', text: 'удалить' });
    expect(p.view()).toMatchObject({ eraseTyped: 'удалить', canErase: true });
    p.actor.send({ type: 'ERASE.CANCEL' });
    expect(p.view()).toMatchObject({ dataStatus: 'idle', eraseSheetOpen: false });

    p.actor.send({ type: 'STYLE.SELECT', style: 'direct' });
    expect(p.view()).toMatchObject({ style: 'direct', choosing: true });
    expect(p.log).toEqual(['save {"communication_style":"direct"}']);
  });

  it('a confirmed erase holds «Обо мне» first: the save in flight is aborted before the erase is asked for', async () => {
    const p = page();
    await flush();
    p.actor.send({ type: 'ABOUT.CHANGE', text: 'Люблю утро' });
    p.clock.increment(1000); // the pause in typing: the save starts
    expect(p.log).toEqual(['save {"personal_context":"Люблю утро"}']);

    p.actor.send({ type: 'ERASE.OPEN' });
    p.actor.send({ type: 'ERASE.TYPE', text: 'УДАЛИТЬ' });
    p.actor.send({ type: 'ERASE.CONFIRM' });
    await flush();
    expect(p.log).toEqual(['save {"personal_context":"Люблю утро"}', 'save aborted', 'erase']);
    expect(p.aboutRegion()).toBe('held');
    expect(p.view().dataStatus).toBe('farewell');
  });

  it('a wrong word erases nothing and holds nothing', async () => {
    const p = page();
    await flush();
    p.actor.send({ type: 'ERASE.OPEN' });
    p.actor.send({ type: 'ERASE.TYPE', text: 'удали' });
    p.actor.send({ type: 'ERASE.CONFIRM' });
    await flush();
    expect(p.log).toEqual([]);
    expect(p.aboutRegion()).not.toBe('held');
    expect(p.view()).toMatchObject({ dataStatus: 'confirming', canErase: false });
  });

  it('a failed erase lets «Обо мне» go on', async () => {
    const p = page({ eraseFails: true });
    await flush();
    p.actor.send({ type: 'ERASE.OPEN' });
    p.actor.send({ type: 'ERASE.TYPE', text: 'УДАЛИТЬ' });
    p.actor.send({ type: 'ERASE.CONFIRM' });
    expect(p.aboutRegion()).toBe('held');
    await flush();
    expect(p.log).toEqual(['erase']);
    expect(p.view().dataStatus).toBe('confirming');
    expect(p.aboutRegion()).not.toBe('held');
  });
});
