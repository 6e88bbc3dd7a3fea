// Auth as two tables: every init-data outcome (present, missing, empty, the SDK failing) and every server outcome
// (the user, or a failure by kind: network, auth, other, unclassified), each error screen with «Повторить», and the
// onboarding completion it keeps for the gates (ONBOARDING_COMPLETED in any state: kept and stored). By hand: the
// completion read from the input, and a retry with app-like actors.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, authView, type AuthFailure, type AuthUser } from '../../machines/app/auth.machine';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';

const INIT_DATA =
  'query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22%D0%90%D0%BD%D0%BD%D0%B0%22%7D&auth_date=1700000000&hash=abc';
const user = { id: 1, telegram_id: 42, first_name: 'Анна' };
const failure = (kind: AuthFailure['kind']): AuthFailure => ({ kind });

// ── The state key: the state, then `init` when init data is kept, `anna` when signed in, `completed` ──
type Screen = 'noInitData' | 'network' | 'auth' | 'other';
const readInitData = [{ id: 'readInitData', src: 'readInitData', input: undefined }];
const loadUser = [{ id: 'loadUser', src: 'loadUser', input: { initData: INIT_DATA } }];
const states: Record<string, StateRow> = {};
const transitions: Record<string, Record<string, string | TransitionRow>> = {};
/** One state in both onboarding cases, with its transitions (the onboarding case kept) and ONBOARDING_COMPLETED. */
function state(
  base: string,
  row: { status: string; error?: Screen; signedIn?: true; running?: string[] },
  on: Record<string, string | TransitionRow>,
) {
  for (const completed of [false, true]) {
    const key = (name: string, done: boolean) => (done ? `${name} completed` : name);
    states[key(base, completed)] = {
      view: {
        status: row.status,
        error: row.error ?? null,
        user: row.signedIn ? user : null,
        onboardingCompleted: completed,
      },
      // ONBOARDING_COMPLETED is the root's: always taken.
      can: { RETRY: row.status === 'error', ONBOARDING_COMPLETED: true },
      running: row.running,
    };
    transitions[key(base, completed)] = {
      ...Object.fromEntries(
        Object.entries(on).map(([ev, to]) => [
          ev,
          typeof to === 'string' ? key(to, completed) : { ...to, to: key(to.to, completed) },
        ]),
      ),
      ONBOARDING_COMPLETED: { to: key(base, true), effects: [['storeOnboardingCompleted']] },
    };
  }
}
/** Reading the init data; `kept`: the init data of an earlier attempt is still in the context. */
const reading = (kept: boolean) => ({
  // The server is asked with exactly the init data that was read.
  'done.actor.readInitData init': { to: 'loading.loadingUser init', invokes: loadUser },
  // No init data (none, or an empty string): «Откройте в Telegram», forgetting any earlier init data.
  'done.actor.readInitData none': 'error.noInitData',
  'done.actor.readInitData empty': 'error.noInitData',
  'error.actor.readInitData': kept ? 'error.other init' : 'error.other',
});
const retry = (to: string) => ({ RETRY: { to, invokes: readInitData } });
state('loading.readingInitData', { status: 'loading', running: ['readInitData'] }, reading(false));
state('loading.readingInitData init', { status: 'loading', running: ['readInitData'] }, reading(true));
state(
  'loading.loadingUser init',
  { status: 'loading', running: ['loadUser'] },
  {
    'done.actor.loadUser anna': 'authenticated init anna',
    // Each failure kind shows its own screen; an unclassified failure shows «Что-то пошло не так».
    'error.actor.loadUser network': 'error.network init',
    'error.actor.loadUser auth': 'error.auth init',
    'error.actor.loadUser other': 'error.other init',
    'error.actor.loadUser unclassified': 'error.other init',
    // A rejection with no reason at all, or null: also «Что-то пошло не так», never a crash.
    'error.actor.loadUser nothing': 'error.other init',
    'error.actor.loadUser null': 'error.other init',
  },
);
state('authenticated init anna', { status: 'authenticated', signedIn: true }, {});
state('error.noInitData', { status: 'error', error: 'noInitData' }, retry('loading.readingInitData'));
state('error.other', { status: 'error', error: 'other' }, retry('loading.readingInitData'));
for (const screen of ['network', 'auth', 'other'] as const)
  state(`error.${screen} init`, { status: 'error', error: screen }, retry('loading.readingInitData init'));

describeMachineTables(authMachine, {
  view: authView,
  input: { onboardingCompleted: false },
  events: {
    'xstate.done.actor.readInitData': {
      init: { type: 'xstate.done.actor.readInitData', output: INIT_DATA },
      none: { type: 'xstate.done.actor.readInitData', output: null },
      empty: { type: 'xstate.done.actor.readInitData', output: '' },
    },
    'xstate.done.actor.loadUser': { anna: { type: 'xstate.done.actor.loadUser', output: user } },
    'xstate.error.actor.loadUser': {
      network: { type: 'xstate.error.actor.loadUser', error: failure('network') },
      auth: { type: 'xstate.error.actor.loadUser', error: failure('auth') },
      other: { type: 'xstate.error.actor.loadUser', error: failure('other') },
      unclassified: { type: 'xstate.error.actor.loadUser', error: new TypeError('not classified') },
      nothing: { type: 'xstate.error.actor.loadUser', error: undefined },
      null: { type: 'xstate.error.actor.loadUser', error: null },
    },
  },
  key: (s) =>
    [
      stateValue(s),
      s.context.initData === INIT_DATA ? 'init' : s.context.initData,
      s.context.user === user ? 'anna' : s.context.user,
      s.context.onboardingCompleted ? 'completed' : null,
    ]
      .filter((part) => part !== null)
      .join(' '),
  states,
  transitions,
  counts: { paths: 41, transitions: 58 },
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
    // No input at all (undefined): nothing stored.
    expect(createActor(machine, { input: undefined }).start().getSnapshot().context.onboardingCompleted).toBe(false);
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
