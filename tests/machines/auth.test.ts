// Auth statechart: generated paths over every init-data and server outcome (each failure kind), with retry, and
// the onboarding completion it keeps for the gates (from the input, then ONBOARDING_COMPLETED in any state).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, authView, type AuthFailure, type AuthUser } from '../../machines/app/auth.machine';
import { describeMachinePaths } from '../support/path-tests';

const INIT_DATA =
  'query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22%D0%90%D0%BD%D0%BD%D0%B0%22%7D&auth_date=1700000000&hash=abc';
const user = { id: 1, telegram_id: 42, first_name: 'Анна' };
const failure = (kind: AuthFailure['kind']): AuthFailure => ({ kind });

/** Times the path's actor ran the storage effect (fresh for every path run). */
let stored = 0;

describeMachinePaths(authMachine, {
  provide: () => {
    stored = 0;
    return { actions: { storeOnboardingCompleted: () => void (stored += 1) } };
  },
  input: { onboardingCompleted: false },
  // The app sends ONBOARDING_COMPLETED only when signed in (onboarding is behind the auth gate); offering it in
  // every state would multiply the simple paths. Its handler is the root's: the test below sends it while loading.
  filterEvents: (s, e) => e.type !== 'ONBOARDING_COMPLETED' || s.matches('authenticated'),
  events: {
    'xstate.done.actor.readInitData': [
      { type: 'xstate.done.actor.readInitData', output: INIT_DATA },
      { type: 'xstate.done.actor.readInitData', output: null },
      { type: 'xstate.done.actor.readInitData', output: '' },
    ],
    'xstate.error.actor.readInitData': [{ type: 'xstate.error.actor.readInitData', error: new Error('SDK failed') }],
    'xstate.done.actor.loadUser': [{ type: 'xstate.done.actor.loadUser', output: user }],
    'xstate.error.actor.loadUser': [
      { type: 'xstate.error.actor.loadUser', error: failure('network') },
      { type: 'xstate.error.actor.loadUser', error: failure('auth') },
      { type: 'xstate.error.actor.loadUser', error: failure('other') },
      { type: 'xstate.error.actor.loadUser', error: new TypeError('not classified') },
    ],
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.initData !== null,
      s.context.user?.first_name ?? null,
      s.context.onboardingCompleted,
    ]),
  assert: {
    // Every state: completed exactly when ONBOARDING_COMPLETED was sent, and each one was stored.
    '#auth': (s) => {
      expect(s.context.onboardingCompleted).toBe(stored > 0);
      expect(authView(s).onboardingCompleted).toBe(stored > 0);
    },
    loading: (s) => expect(authView(s)).toMatchObject({ status: 'loading', error: null }),
    'loading.readingInitData': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'readInitData', src: 'readInitData' });
      expect(s.context.user).toBeNull();
    },
    'loading.loadingUser': (s, run) => {
      // The server is asked with exactly the init data that was read.
      expect(run.invocations.at(-1)).toEqual({ id: 'loadUser', src: 'loadUser', input: { initData: INIT_DATA } });
      expect(s.context.initData).toBe(INIT_DATA);
    },
    authenticated: (s) => {
      expect(s.context.user).toEqual(user);
      expect(s.context.initData).toBe(INIT_DATA);
      expect(s.can({ type: 'RETRY' })).toBe(false);
      expect(authView(s)).toEqual({ status: 'authenticated', error: null, user, onboardingCompleted: stored > 0 });
    },
    'error.noInitData': (s) => {
      expect(s.context.initData).toBeNull();
      expect(authView(s).error).toBe('noInitData');
    },
    // Each failure kind shows its own screen; an unclassified failure shows «Что-то пошло не так».
    'error.network': (s) => expect(authView(s).error).toBe('network'),
    'error.auth': (s) => expect(authView(s).error).toBe('auth'),
    'error.other': (s) => expect(authView(s).error).toBe('other'),
    error: (s) => {
      expect(s.can({ type: 'RETRY' })).toBe(true);
      expect(s.context.user).toBeNull();
      expect(authView(s)).toMatchObject({ status: 'error', user: null });
    },
  },
});

describe('auth machine with app-like actors', () => {
  it('starts with the stored onboarding completion from its input; ONBOARDING_COMPLETED keeps and stores it', () => {
    const pending = () => new Promise<never>(() => {});
    let writes = 0;
    const machine = authMachine.provide({
      actors: {
        readInitData: fromPromise<string | null, void>(pending),
        loadUser: fromPromise<AuthUser, { initData: string }>(pending),
      },
      actions: { storeOnboardingCompleted: () => void (writes += 1) },
    });
    expect(
      createActor(machine, { input: { onboardingCompleted: true } })
        .start()
        .getSnapshot().context.onboardingCompleted,
    ).toBe(true);
    const fresh = createActor(machine, { input: {} }).start();
    expect(fresh.getSnapshot().context.onboardingCompleted).toBe(false);
    fresh.send({ type: 'ONBOARDING_COMPLETED' });
    expect(fresh.getSnapshot().context.onboardingCompleted).toBe(true);
    expect(fresh.getSnapshot().matches({ loading: 'readingInitData' })).toBe(true);
    expect(writes).toBe(1);
  });

  it('retries without a reload: network failure, then «Повторить» authenticates', async () => {
    let attempts = 0;
    const actor = createActor(
      authMachine.provide({
        actors: {
          readInitData: fromPromise<string | null, void>(async () => INIT_DATA),
          loadUser: fromPromise<AuthUser, { initData: string }>(async () => {
            attempts += 1;
            if (attempts === 1) throw failure('network');
            return user;
          }),
        },
      }),
      { input: {} },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ error: 'network' })).toBe(true);
    actor.send({ type: 'RETRY' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.user?.first_name).toBe('Анна');
    expect(attempts).toBe(2);
  });
});
