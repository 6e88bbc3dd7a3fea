// Placeholders for a machine's named effects, one line each in its `setup()`. The app provides the real ones with
// `.provide()` (src/flow/useFlow.ts: the domain's actors from src/api plus the app-wide actions below), tests
// provide fakes. An async effect left unprovided rejects, so the machine takes its error path instead of hanging;
// a fire-and-forget effect left unprovided does nothing.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { UpgradeKey } from './app/upgrade-dialog.machine';
import type { ToastKey } from './app/toast-keys';

/** A named async effect (an API call, a storage read): `loadEntry: stubActor<DiaryEntry | null, { id: string }>()`. */
export function stubActor<TOutput, TInput = void>() {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error('effect not provided: give the machine this actor with .provide()');
  });
}

/**
 * A named effect that runs while its state is active and only ever sends events back (a wake lock, a
 * subscription, a streamed reply): `keepAwake: stubCallback()`. Left unprovided it does nothing, so the flow works
 * without it.
 */
export function stubCallback<TInput = void>() {
  return fromCallback<EventObject, TInput>(() => undefined);
}

/** A named fire-and-forget effect with typed params: `saveDraft: stubAction<NewEntryDraft>()`. */
export function stubAction<TParams = undefined>() {
  return (_args: unknown, _params: TParams): void => {};
}

// Params of the app-wide actions every screen gets from useFlow (src/flow/appActions.ts), so a machine only
// declares them: `navigate: stubAction<NavigateParams>()`.

/** Go to one of the paths in machines/paths.ts (replace: instead of a new history entry; state: navigation state). */
export interface NavigateParams {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** Show the toast named by `key`; the words (and the haptic that goes with its variant) live in src/copy. */
export interface ToastParams {
  key: ToastKey;
  /** The server's own words for it (a 402's `detail`), shown instead of the copy's description. */
  detail?: string;
}

/** Open the app's one upgrade dialog with the reason `key`. */
export interface UpgradeDialogParams {
  key: UpgradeKey;
}

/** Telegram haptic feedback worth a flow's decision (a phase change, a success); taps are the views' own. */
export interface HapticParams {
  kind: 'tap' | 'select' | 'success' | 'warning' | 'error';
}
