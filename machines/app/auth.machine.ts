import { assign, setup, type SnapshotFrom } from 'xstate';
import { stubAction, stubActor } from '../effects';
import { topState } from '../view-model';

/**
 * Auth: read the Telegram init data, then ask the server who we are (GET /api/users/me).
 * Authenticated means init data is present AND the server accepted it.
 *
 * Effects are placeholders; the app provides real ones with `.provide()` (src/auth/authActor.ts):
 * - actor `readInitData`: resolves the raw init data string, or null when the launch has none.
 * - actor `loadUser`: input `{ initData }`, resolves the user; rejects with an `AuthFailure`
 *   (`{ kind: 'network' | 'auth' | 'other' }`) — the app classifies HTTP errors into these kinds.
 * - action `storeOnboardingCompleted`: persists the completion (the app writes the storage key
 *   onboarding_completed = "true"; a write the browser refuses changes nothing, the context keeps it).
 *
 * Whether onboarding is completed is part of this app-wide actor's context, so the gates render machine
 * state instead of reading storage: the app reads the stored flag once into the input, and the onboarding
 * flow sends ONBOARDING_COMPLETED when it finishes.
 */
export type AuthFailureKind = 'network' | 'auth' | 'other';
/** Which error screen shows: no init data, or a failure of the sign-in request by kind. */
export type AuthErrorKind = 'noInitData' | AuthFailureKind;
export interface AuthFailure {
  kind: AuthFailureKind;
}
/** The part of the user the machine and the home greeting need. */
export interface AuthUser {
  first_name?: string | null;
  [key: string]: unknown;
}

export interface AuthContext {
  initData: string | null;
  user: AuthUser | null;
  onboardingCompleted: boolean;
}

export interface AuthInput {
  /** The completion stored by an earlier session (read once by the app when it creates the actor). */
  onboardingCompleted?: boolean;
}

export type AuthEvent = { type: 'RETRY' } | { type: 'ONBOARDING_COMPLETED' };

function failureKind(error: unknown): AuthFailureKind | undefined {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const kind = (error as { kind: unknown }).kind;
    if (kind === 'network' || kind === 'auth' || kind === 'other') return kind;
  }
  return undefined;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput | undefined,
  },
  actions: {
    completeOnboarding: assign({ onboardingCompleted: true }),
    storeOnboardingCompleted: stubAction(),
  },
  actors: {
    readInitData: stubActor<string | null>(),
    loadUser: stubActor<AuthUser, { initData: string }>(),
  },
  guards: {
    hasInitData: (_, { initData }: { initData: string | null }) => typeof initData === 'string' && initData.length > 0,
    isNetworkFailure: (_, { error }: { error: unknown }) => failureKind(error) === 'network',
    isAuthFailure: (_, { error }: { error: unknown }) => failureKind(error) === 'auth',
  },
}).createMachine({
  id: 'auth',
  description: 'Signs the user in with the init data Telegram passes to the mini app.',
  context: ({ input }) => ({ initData: null, user: null, onboardingCompleted: input?.onboardingCompleted === true }),
  initial: 'loading',
  on: {
    ONBOARDING_COMPLETED: {
      actions: ['completeOnboarding', 'storeOnboardingCompleted'],
      description: 'The onboarding flow finished or was skipped: remember it for this session and store it.',
    },
  },
  states: {
    loading: {
      description: 'Reading the init data and checking it with the server.',
      initial: 'readingInitData',
      states: {
        readingInitData: {
          description: 'Init data from the launch, or the copy kept in browser storage (tg_init_data).',
          invoke: {
            id: 'readInitData',
            src: 'readInitData',
            onDone: [
              {
                guard: { type: 'hasInitData', params: ({ event }) => ({ initData: event.output }) },
                target: 'loadingUser',
                actions: assign({ initData: ({ event }) => event.output }),
              },
              { target: '#auth.error.noInitData', actions: assign({ initData: null }) },
            ],
            onError: { target: '#auth.error.other' },
          },
        },
        loadingUser: {
          description: 'GET /api/users/me with the init data.',
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ context }) => ({ initData: context.initData ?? '' }),
            onDone: {
              target: '#auth.authenticated',
              actions: assign({ user: ({ event }) => event.output }),
            },
            onError: [
              {
                guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.error.network',
              },
              {
                guard: { type: 'isAuthFailure', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.error.auth',
              },
              { target: '#auth.error.other' },
            ],
          },
        },
      },
    },
    authenticated: {
      description: 'The server accepted the init data; context.user holds the user.',
    },
    error: {
      description: 'One of the auth error screens, each with the button «Повторить».',
      initial: 'other',
      on: {
        RETRY: { target: 'loading', description: 'The user pressed «Повторить»: read the init data and ask again.' },
      },
      states: {
        noInitData: { description: 'NO_INIT_DATA: «Откройте в Telegram».' },
        network: { description: 'The request did not reach the server: «Нет соединения».' },
        auth: { description: 'The server answered 401: «Ошибка авторизации».' },
        other: { description: 'Anything else: «Что-то пошло не так».' },
      },
    },
  },
});

export type AuthStatus = 'loading' | 'authenticated' | 'error';

/** What the gates, /init and home read: the sign-in status, which error screen, the user and onboarding. */
export function authView(snapshot: SnapshotFrom<typeof authMachine>) {
  const status = topState<AuthStatus>(snapshot);
  const { user, onboardingCompleted } = snapshot.context;
  return {
    status,
    /** The error screen to show; null unless `status` is 'error'. */
    error: status === 'error' ? (snapshot.value as { error: AuthErrorKind }).error : null,
    user,
    onboardingCompleted,
  };
}
