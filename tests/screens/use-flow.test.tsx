// useFlow, the one way a screen binds its flow: the app-wide actions are there without being given, the
// domain's actors and the input are used, screen actions run through the latest render's closure, the actor lives
// as long as the screen, and the screen re-renders only when a field of its view model changes.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  stubAction,
  stubActor,
  type HapticParams,
  type NavigateParams,
  type ToastParams,
  type UpgradeDialogParams,
} from '../../machines/effects';
import { paths } from '../../machines/paths';
import { useFlow } from '../../src/flow/useFlow';
import { haptic } from '../../src/telegram/haptic';
import { toast } from '../../src/ui/toast';
import { noteUsage } from '../../src/api/helpNearby';
import { upgradeDialogActor } from '../../src/ui/upgradeDialog';
import { currentPath, currentState, renderWithProviders } from './render-app';

vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));
vi.mock('../../src/telegram/haptic', () => ({
  haptic: { tap: vi.fn(), select: vi.fn(), success: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

/** A flow that uses every app-wide action, one screen action, one actor and an input. */
const probeMachine = setup({
  types: {
    context: {} as { count: number; noise: number; doubled: number | null },
    input: {} as { count: number },
    events: {} as
      | { type: 'GO' }
      | { type: 'TOAST' }
      | { type: 'UPGRADE' }
      | { type: 'BUZZ' }
      | { type: 'SAY'; word: string }
      | { type: 'INC' }
      | { type: 'NOISE' },
  },
  actors: {
    double: stubActor<number, { n: number }>(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
    toast: stubAction<ToastParams>(),
    openUpgradeDialog: stubAction<UpgradeDialogParams>(),
    haptic: stubAction<HapticParams>(),
    remember: stubAction<{ word: string }>(),
  },
}).createMachine({
  id: 'flowProbe',
  context: ({ input }) => ({ count: input.count, noise: 0, doubled: null }),
  invoke: {
    id: 'double',
    src: 'double',
    input: ({ context }) => ({ n: context.count }),
    onDone: { actions: assign({ doubled: ({ event }) => event.output }) },
  },
  on: {
    GO: { actions: { type: 'navigate', params: { to: paths.diaryEntry('e 1'), state: { from: 'probe' } } } },
    TOAST: { actions: { type: 'toast', params: { key: 'created' } } },
    UPGRADE: { actions: { type: 'openUpgradeDialog', params: { key: 'diary_not_available' } } },
    BUZZ: { actions: { type: 'haptic', params: { kind: 'warning' } } },
    SAY: { actions: { type: 'remember', params: ({ event }) => ({ word: event.word }) } },
    INC: { actions: assign({ count: ({ context }) => context.count + 1 }) },
    NOISE: { actions: assign({ noise: ({ context }) => context.noise + 1 }) },
  },
});

/** The view reads `count` and `doubled`, never `noise`. */
const probeView = (s: SnapshotFrom<typeof probeMachine>) => ({ count: s.context.count, doubled: s.context.doubled });

let renders = 0;
const heard: string[] = [];
const actors = new Set<unknown>();

function Probe({ label }: { label: string }) {
  const { view, send, actor } = useFlow(probeMachine, probeView, {
    input: { count: 2 },
    actors: { double: fromPromise<number, { n: number }>(async ({ input }) => input.n * 2) },
    actions: { remember: (_: unknown, { word }: { word: string }) => void heard.push(`${label}: ${word}`) },
  });
  actors.add(actor);
  return (
    <div>
      <output data-testid="count">{view.count}</output>
      <output data-testid="doubled">{view.doubled ?? '…'}</output>
      {(['GO', 'TOAST', 'UPGRADE', 'BUZZ', 'INC', 'NOISE'] as const).map((type) => (
        <button key={type} onClick={() => send({ type })}>
          {type}
        </button>
      ))}
      <button onClick={() => send({ type: 'SAY', word: 'привет' })}>SAY</button>
    </div>
  );
}

function Harness() {
  const [label, setLabel] = useState('first');
  return (
    <>
      <button onClick={() => setLabel('second')}>relabel</button>
      {/* Counts the commits in which the probe screen rendered. */}
      <Profiler id="probe" onRender={() => void (renders += 1)}>
        <Probe label={label} />
      </Profiler>
    </>
  );
}

const press = (name: string) => userEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  vi.clearAllMocks();
  renders = 0;
  heard.length = 0;
  actors.clear();
});
afterEach(() => act(() => upgradeDialogActor.send({ type: 'DISMISS' })));

describe('useFlow', () => {
  it('starts the machine with its input and the given actors', async () => {
    renderWithProviders(<Harness />, { path: paths.home });
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    await waitFor(() => expect(screen.getByTestId('doubled')).toHaveTextContent('4'));
  });

  it('provides the app-wide navigate: the router goes to the path with its state', async () => {
    renderWithProviders(<Harness />, { path: paths.home });
    await press('GO');
    await waitFor(() => expect(currentPath()).toBe('/app/diary/e%201'));
    expect(currentState()).toEqual({ from: 'probe' });
  });

  it('provides the app-wide toast: the key’s words, with the haptic of its variant', async () => {
    renderWithProviders(<Harness />, { path: paths.home });
    await press('TOAST');
    expect(toast).toHaveBeenCalledWith({
      title: 'Запись сохранена',
      description: 'Запись добавлена в дневник',
      variant: 'success',
    });
    expect(haptic.success).toHaveBeenCalledTimes(1);
    expect(haptic.error).not.toHaveBeenCalled();
  });

  it('provides the app-wide upgrade dialog (the app’s one sheet) and haptic', async () => {
    renderWithProviders(<Harness />, { path: paths.home });
    await press('UPGRADE');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Дневник недоступен')).toBeInTheDocument();
    expect(upgradeDialogActor.getSnapshot().context.key).toBe('diary_not_available');
    await press('BUZZ');
    expect(haptic.warning).toHaveBeenCalledTimes(1);
  });

  it('in the after-crisis window the upgrade dialog says what is not available and sells nothing', async () => {
    noteUsage({ help_nearby_until: new Date(Date.now() + 3_600_000).toISOString() });
    try {
      renderWithProviders(<Harness />, { path: paths.home });
      await press('UPGRADE');
      const dialog = await screen.findByRole('dialog', { name: 'Дневник недоступен' });
      expect(within(dialog).getByText(/Чат, практики заземления и план безопасности остаются с вами/)).toBeVisible();
      expect(within(dialog).queryByRole('button', { name: 'Улучшить тариф' })).toBeNull();
      expect(within(dialog).queryByText('Голосовые сообщения')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Понятно' }));
      await waitFor(() => expect(upgradeDialogActor.getSnapshot().matches('closed')).toBe(true));
      expect(currentPath()).toBe(paths.home);
    } finally {
      noteUsage({ help_nearby_until: null });
    }
  });

  it('runs screen actions through the latest render’s closure, on the same actor', async () => {
    renderWithProviders(<Harness />, { path: paths.home });
    await press('INC');
    await press('SAY');
    await press('relabel');
    await press('SAY');
    expect(heard).toEqual(['first: привет', 'second: привет']);
    // One actor for the screen's life: the count survived the new props.
    expect(actors.size).toBe(1);
    expect(screen.getByTestId('count')).toHaveTextContent('3');
  });

  it('re-renders the screen only when a field of its view changes', async () => {
    renderWithProviders(<Harness />, { path: paths.home });
    await waitFor(() => expect(screen.getByTestId('doubled')).toHaveTextContent('4'));
    const before = renders;
    await press('NOISE');
    await press('NOISE');
    expect(renders).toBe(before);
    await press('INC');
    expect(renders).toBe(before + 1);
    expect(screen.getByTestId('count')).toHaveTextContent('3');
  });
});
